"""Wire the pipeline stages together: spells -> card faces -> sheets -> PDF."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from cards.draw import draw_face
from cards.face import CardFace
from cards.fit import fit_spell
from cards.impose import DeckLabel, PrintOptions, impose, load_sheet, physical_cards
from cards.index import index_pages
from cards.layout import Layout, load_layout
from cards.model import Spell
from cards.pdf import write_pdf
from cards.typeset import TypesetContext

DEFAULT_TITLE = "Kartotéka kouzel"


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote: the file and how many spells, (physical) cards and sheets it holds."""

    path: Path
    spells: int
    cards: int
    sheets: int  # front pages: sheets of paper to print (single cards when --sheet none)
    pages: int  # all pages of the PDF, backs and index included


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the length of a build.

    A build allocates millions of small objects that form no cycles; the collector's passes over
    them cost about 15 % of the build time (bench/bench_build.py). Memory is freed by reference
    counting as usual, and the collector runs again afterwards.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def draw_front(canvas, face, x: float, y: float, *, bleed: float = 0.0) -> None:
    """Draw a card face or an index page: both are primitives for the one painter."""
    draw_face(canvas, face, x, y, bleed=bleed)


def fit_spells(
    spells: Iterable[Spell],
    layout: Layout,
    progress: Callable[[int], None] | None = None,
    *,
    continue_on_back: bool = False,
) -> tuple[CardFace, ...]:
    """Set every spell onto card faces, in the order given (even parts on backs, if asked)."""
    faces: list[CardFace] = []
    context = TypesetContext()
    for spell in spells:
        faces.extend(fit_spell(spell, layout, context, continue_on_back=continue_on_back))
        if progress is not None:
            progress(1)
    return tuple(faces)


def build_pdf(
    spells: Sequence[Spell],
    out: str | Path,
    *,
    layout: str | Path | Layout = "poker",
    sheet: str = "a4",
    options: PrintOptions | None = None,
    title: str = DEFAULT_TITLE,
    index: bool = False,
    progress: Callable[[int], None] | None = None,
) -> BuildResult:
    """Fit the spells onto cards, impose them on sheets and write one PDF atomically."""
    if not isinstance(layout, Layout):
        layout = load_layout(layout)
    options = options or PrintOptions()
    with collector_paused():
        faces = fit_spells(spells, layout, progress, continue_on_back=options.continue_on_back)
        deck = DeckLabel(title, layout.fonts["body"], layout.colours.muted)
        pages = impose(faces, load_sheet(sheet, layout.width, layout.height), options, deck=deck)
        front_pages = sum(1 for page in pages if page.side == "front")
        if index:
            pages = (
                _roman_labels(index_pages(pages, layout, title, backs=options.with_backs)) + pages
            )
        path = write_pdf(pages, Path(out), title=title, draw_front=draw_front)
    return BuildResult(
        path=path,
        spells=len(spells),
        cards=len(physical_cards(faces, continue_on_back=options.continue_on_back)),
        sheets=front_pages,
        pages=len(pages),
    )


def _roman_labels(pages: Sequence) -> tuple:
    """Label the index pages i, ii, iii... (a back "i rub"), ahead of the numbered sheets."""
    result = []
    number = 0
    for page in pages:
        if page.side == "front":
            number += 1
            result.append(replace(page, label=_roman(number)))
        else:
            result.append(replace(page, label=f"{_roman(number)} rub"))
    return tuple(result)


def _roman(number: int) -> str:
    digits = (
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    )
    text = ""
    for value, letters in digits:
        while number >= value:
            text += letters
            number -= value
    return text
