"""Fit report: per spell its cards and body size, and a summary for the whole selection."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from cards.build import DEFAULT_CACHE, collector_paused, fit_all
from cards.czech_text import plural_form
from cards.impose import PrintOptions, impose, load_sheet, physical_cards
from cards.layout import Layout
from cards.model import Spell


@dataclass(frozen=True)
class FitRow:
    """How one spell was set: cards used, body size, and the fewest cards at the minimum size.

    `cards` counts physical cards; `faces` the sides with its text (0: one per card).
    """

    label: str  # name with its first source
    cards: int
    body_size: float
    min_cards: int
    faces: int = 0


@dataclass(frozen=True)
class FitReport:
    """The rows of a fit, in the order of the spells, for one layout, and the sheets they fill."""

    layout: str
    body_min: float
    body_max: float
    rows: tuple[FitRow, ...]
    sheets: int = 0  # sheets of the paper named by `sheet`
    sheet: str = "A4"

    @property
    def cards(self) -> int:
        """Return the number of physical cards in all."""
        return sum(row.cards for row in self.rows)

    @property
    def faces(self) -> int:
        """Return the number of card sides with text (more than cards with text on backs)."""
        return sum(row.faces or row.cards for row in self.rows)

    @property
    def spells_by_cards(self) -> Mapping[int, int]:
        """Return how many spells needed 1, 2, 3 ... cards."""
        return dict(sorted(Counter(row.cards for row in self.rows).items()))

    @property
    def smallest_size(self) -> float | None:
        """Return the smallest body size used, None for no spells."""
        return min((row.body_size for row in self.rows), default=None)


def fit_report(
    spells: Iterable[Spell],
    layout: Layout,
    *,
    continue_on_back: bool = False,
    sheet: str = "a4",
    cache: Any = DEFAULT_CACHE,
    jobs: int | None = None,
) -> FitReport:
    """Fit every spell and collect its cards and body size, and count the sheets they fill.

    With `continue_on_back` a spell's cards are physical cards: part 2 on the back of part 1.
    The spells are fitted as a build fits them (`build.fit_all`: one typesetting context, the
    collector paused, the cache of fitted cards unless cache is None, `jobs` processes).
    """
    spells = list(spells)
    rows = []
    faces = []
    with collector_paused():
        fits = fit_all(spells, layout, continue_on_back=continue_on_back, cache=cache, jobs=jobs)
    for spell, result in zip(spells, fits, strict=True):
        cards = len(physical_cards(result.faces, continue_on_back=continue_on_back))
        rows.append(
            FitRow(
                spell.label,
                cards,
                result.faces[0].body_size,
                result.min_cards,
                len(result.faces),
            )
        )
        faces.extend(result.faces)
    paper = load_sheet(sheet, layout.width, layout.height)
    options = PrintOptions(continue_on_back=continue_on_back)
    pages = impose(faces, paper, options)
    sheets = sum(1 for page in pages if page.side == "front")
    name = paper.name if paper is not None else "karty"
    return FitReport(layout.name, layout.body_min, layout.body_max, tuple(rows), sheets, name)


_plural = plural_form  # the Czech form for a count: 1 karta, 2-4 karty, 5 karet


def format_report(report: FitReport) -> str:
    """Return the report as text: one line per spell, then the summary."""
    width = max((len(row.label) for row in report.rows), default=10)
    lines = [f"{'Kouzlo':<{width}}  Karty  Písmo (pt)"]
    for row in report.rows:
        lines.append(f"{row.label:<{width}}  {row.cards:>5}  {row.body_size:>10.1f}")
    lines.append("")
    lines.append(f"Rozvržení: {report.layout} (písmo {report.body_min:g}–{report.body_max:g} pt)")
    text_sides = ""
    if report.faces != report.cards:
        text_sides = f" ({report.faces} stran s textem)"
    lines.append(
        f"Kouzel: {len(report.rows)}, karet celkem: {report.cards}{text_sides}, "
        f"archů {report.sheet}: {report.sheets}"
    )
    for cards, spells in report.spells_by_cards.items():
        card_word = _plural(cards, "karta", "karty", "karet")
        spell_word = _plural(spells, "kouzlo", "kouzla", "kouzel")
        lines.append(f"  {cards} {card_word}: {spells} {spell_word}")
    if report.smallest_size is not None:
        lines.append(f"Nejmenší písmo: {report.smallest_size:.1f} pt")
    return "\n".join(lines)


def csv_text(report: FitReport) -> str:
    """Return the CSV of write_csv as one string, for writing the file atomically."""
    buffer = io.StringIO()
    write_csv(report, buffer)
    return buffer.getvalue()


# A spreadsheet runs a cell that opens with one of these as a formula (CWE-1236).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: str) -> str:
    """Prefix a cell that a spreadsheet would run as a formula with ' (OWASP's advice)."""
    return "'" + cell if cell.startswith(_FORMULA_STARTS) else cell


def write_csv(report: FitReport, file: TextIO) -> None:
    """Write one CSV row per spell: spell, cards, body size, fewest cards at the minimum size."""
    writer = csv.writer(file, lineterminator="\n")
    writer.writerow(["spell", "cards", "body_size_pt", "min_cards_at_min_size"])
    for row in report.rows:
        label = spreadsheet_safe(row.label)
        writer.writerow([label, row.cards, f"{row.body_size:.1f}", row.min_cards])
