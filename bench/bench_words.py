"""Print the word-break and paragraph-end figures of a one-card-per-page PDF, read back.

Run: .venv/bin/python bench/bench_words.py [--layout poker] [--breaks out/breaks.txt] [PDF ...]

Without a PDF it builds the compendium as `cards compendium --sheet none` does (into
out/bench-words.pdf); given several (say the PDF of main and of this branch) it prints their
figures side by side. Lines are read from the PDF as the tests read cards (tests/support/pdfread.py,
pdfplumber's figures in a fifth of its time): the characters of body size, grouped by
baseline; a line belongs to the description column, a bullet item or the higher-levels panel
by where it starts; lines of one kind and size a leading apart form a paragraph. A paragraph's
last line on a card that reaches the column's right edge is taken to go on to the next card.
Figures:

- fragment ends: a paragraph's last line is a single word whose start ends the line above
  with a hyphen ("na-" / "víc.");
- short last lines: the last line of a paragraph of several lines is under 2 em wide;
- wrong breaks: line ends of `WRONG_BREAKS` (breaks a Czech reader stops at) printed;
- enclitic starts: a line starting "-li", "-ž" or "-s";
- stretched flush-left lines: lines of the panels (and on mini all body lines) whose word
  spaces are over 1.05 times the natural space (they are meant to be set flush-left).

`--breaks FILE` writes every hyphenated line end ("neu-|spěje") for a proof-reader.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pdfminer.pdftypes import resolve1  # noqa: E402

from cards.layout import load_layout  # noqa: E402
from tests.support.pdfread import open_pdf  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# The breaks issue 18 names (measured on main, poker): each must never be printed.
WRONG_BREAKS = (
    "neu-spěje",
    "neú-spěchu",
    "neú-spěchy",
    "zaú-točit",
    "zaú-točí",
    "ne-utrální",
    "ne-bešťana",
    "ne-bešťané",
    "oka-mžitě",
    "oz-dobeno",
    "rozdr-cený",
    "odstr-kováním",
    "osl-nivého",
    "neo-slepne",
    "gh-úly",
    "zao-krouhleno",
    "ml-hou",
    "pou-žije",
    "pou-žiješ",
    "pou-žitím",
    "pou-žít",
    "pou-žívá",
)
ENCLITICS = ("-li", "-ž", "-s")
SPACE_EM = 600 / 2048  # Charis SIL's word space
GAP_EM = 0.12  # a gap wider than this (in em) between two glyphs is a space


@dataclass
class PdfLine:
    """A line of body text read from the PDF."""

    page: int
    kind: str  # "text", "bullet" or "panel"
    size: float
    y: float  # baseline, from the top
    x0: float
    x1: float
    words: list[str]
    gaps: list[float]  # in natural spaces
    full: bool  # reaches the column's right edge


def _lines(page, number: int, layout) -> list[PdfLine]:
    """Return the body lines of a page: the most common regular size, by baseline."""
    trim = [float(v) for v in resolve1(page.page_obj.attrs.get("TrimBox", page.mediabox))]
    left = trim[0] + layout.safe_margin
    right = trim[2] - layout.safe_margin
    chars = [c for c in page.chars if c["text"].strip() and "Bold" not in c["fontname"]]
    low, high = layout.sizes.body_min - 0.05, layout.sizes.body_max + 0.05
    body = [c for c in page.chars if low <= c["size"] <= high and c["text"].strip()]
    if not chars or not body:
        return []
    rows: dict[float, list[dict]] = defaultdict(list)
    for char in body:
        rows[round(char["y1"] - char["size"] * 0.2, 0)].append(char)
    out = []
    sp = layout.spacing
    for chars in rows.values():
        chars.sort(key=lambda c: c["x0"])
        size = statistics.median(c["size"] for c in chars)
        if any(c["text"] == "•" for c in chars):
            kind = "bullet"
            chars = [c for c in chars if c["text"] != "•"]
            if not chars:
                continue
        else:
            kind = None
        start = chars[0]["x0"]
        pad = sp.higher_pad_em * size + sp.higher_pad
        starts = {"text": left, "bullet": left + layout.sizes.bullet_indent * size}
        starts["panel"] = left + pad
        near = min(starts, key=lambda k: abs(starts[k] - start))
        if abs(starts[near] - start) > 0.5:
            continue
        kind = kind or near
        if all("Bold" in c["fontname"] for c in chars):
            continue  # a heading
        words, gaps, word = [], [], chars[0]["text"]
        for prev, char in zip(chars, chars[1:], strict=False):
            gap = char["x0"] - prev["x1"]
            if gap > GAP_EM * size:
                words.append(word)
                gaps.append(gap / (SPACE_EM * size))
                word = char["text"]
            else:
                word += char["text"]
        words.append(word)
        edge = right - (pad if kind == "panel" else 0.0)
        out.append(
            PdfLine(
                number,
                kind,
                round(size, 2),
                page.height - chars[0]["y0"],
                start,
                chars[-1]["x1"],
                words,
                gaps,
                chars[-1]["x1"] >= edge - 0.3,
            )
        )
    out.sort(key=lambda line: line.y)
    return out


def paragraphs(path: Path, layout) -> list[list[PdfLine]]:
    """Return the body paragraphs (pieces on one card) of a PDF, each its lines in order."""
    found = []
    with open_pdf(path) as pdf:
        for number, page in enumerate(pdf.pages):
            group: list[PdfLine] = []
            for line in _lines(page, number, layout):
                prev = group[-1] if group else None
                step = layout.sizes.leading * line.size
                if (
                    prev is None
                    or prev.kind != line.kind
                    or prev.size != line.size
                    or line.kind == "bullet"
                    and line.x0 < prev.x0 - 0.5
                    or abs(line.y - prev.y - step) > 0.1 * step
                ):
                    group = [line]
                    found.append(group)
                else:
                    group.append(line)
            page.flush_cache()
    return found


def _breaks(paragraph: list[PdfLine]) -> list[str]:
    """Return the hyphenated line ends of a paragraph as "head-|tail"."""
    out = []
    for line, following in zip(paragraph, paragraph[1:], strict=False):
        head = line.words[-1]
        if len(head) > 1 and head.endswith("-") and head[-2].isalpha():
            out.append(f"{head}|{following.words[0]}")
    return out


def _core(text: str) -> str:
    return re.sub(r"[^\w-]", "", text).lower()


def figures(path: Path, layout, breaks_out: list[str] | None = None) -> dict[str, int]:
    """Return the figures of one PDF (see the module docstring)."""
    found = paragraphs(path, layout)
    ragged_all = layout.width - 2 * layout.safe_margin < 40 * 72 / 25.4
    result = dict.fromkeys(
        ("paragraphs", "fragment ends", "short last lines", "wrong breaks", "enclitic starts"), 0
    )
    result["stretched flush-left lines"] = 0
    wrong = {w.replace("-", "-|", 1) for w in WRONG_BREAKS}
    for paragraph in found:
        last = paragraph[-1]
        final = not last.full or len(last.words) < 3  # a full last line goes on (next card)
        result["paragraphs"] += final
        several = len(paragraph) > 1
        if final and several:
            above = paragraph[-2].words[-1]
            if len(last.words) == 1 and above.endswith("-") and above[-2:-1].isalpha():
                result["fragment ends"] += 1
            if last.x1 - last.x0 < 2 * last.size:
                result["short last lines"] += 1
        for pair in _breaks(paragraph):
            head, tail = pair.split("|")
            if f"{_core(head)}|{_core(tail)}" in wrong:
                result["wrong breaks"] += 1
            if breaks_out is not None:
                breaks_out.append(pair)
        for line in paragraph[1:]:
            if _core(line.words[0]) in ENCLITICS:
                result["enclitic starts"] += 1
        if last is not None and (paragraph[0].kind == "panel" or ragged_all):
            for line in paragraph[:-1]:
                if line.gaps and statistics.median(line.gaps) > 1.05:
                    result["stretched flush-left lines"] += 1
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdfs", nargs="*", type=Path)
    parser.add_argument("--layout", default="poker")
    parser.add_argument("--breaks", type=Path, help="write every hyphenated line end here")
    args = parser.parse_args()
    layout = load_layout(args.layout)
    pdfs = args.pdfs
    if not pdfs:
        from cards.build import build_pdf
        from cards.source.library import read_compendium

        out = ROOT / "out" / "bench-words.pdf"
        out.parent.mkdir(exist_ok=True)
        build_pdf(read_compendium().spells, out, layout=args.layout, sheet="none")
        pdfs = [out]
    breaks: list[str] = []
    table = [
        figures(path, layout, breaks if n == len(pdfs) - 1 else None) for n, path in enumerate(pdfs)
    ]
    print(f"{'':28}" + "".join(f"{path.name:>20}" for path in pdfs))
    for key in table[0]:
        print(f"{key:28}" + "".join(f"{row[key]:>20}" for row in table))
    if args.breaks:
        args.breaks.write_text("\n".join(sorted(set(breaks))) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
