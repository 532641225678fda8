"""Wire the pipeline stages together: spells -> card faces -> sheets -> PDF."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cards.backs import with_backs
from cards.face import CardFace, DrawnFace, drawn_face
from cards.fit import Fit, fit
from cards.impose import DeckLabel, PrintOptions, impose, load_sheet, physical_cards
from cards.layout import Layout, load_layout
from cards.messages import say
from cards.model import Spell
from cards.paint.draw import draw_face, face_drawings
from cards.paint.pdf import write_pdf
from cards.typeset import TypesetContext

if TYPE_CHECKING:
    from cards.cache import FitCache

DEFAULT_TITLE = say("compendium_title")


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
    counting as usual, and the collector runs again afterwards. What the build left alive is
    frozen (`gc.freeze`), so the first pass after it does not walk every object it made, a
    pass that grew with the deck; the next build thaws it (a server's old builds are
    collected in the oldest generation, as usual).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    if was_enabled:
        gc.unfreeze()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.enable()


def draw_front(canvas, face, x: float, y: float, *, bleed: float = 0.0) -> None:
    """Draw a card face or an index page: both are primitives for the one painter."""
    draw_face(canvas, face, x, y, bleed=bleed)


class _Default:
    """The default of a `cache` argument: the user's cache folder (`default_cache()`)."""

    def __repr__(self) -> str:
        return "DEFAULT_CACHE"


DEFAULT_CACHE: Any = _Default()
PARALLEL_FROM = 96  # spells to fit before more processes pay for their start and cold caches


def fit_all(
    spells: Iterable[Spell],
    layout: Layout,
    progress: Callable[[int], None] | None = None,
    *,
    continue_on_back: bool = False,
    cache: FitCache | None | _Default = DEFAULT_CACHE,
    jobs: int | None = None,
    drawn: bool = False,
) -> tuple[Fit, ...]:
    """Fit every spell (from the cache where it holds the spell), in the order given.

    cache: the user's cache by default, a FitCache, or None for none. jobs: processes that
    fit the spells the cache lacks (None: the machine's cores, one for a small deck); the
    result is the same for any number. progress, if given, is called with 1 per spell.
    drawn: for a PDF in RGB: the faces as `DrawnFace`s, each drawn once as it is fitted (its
    primitives let go at once) and kept with its entry, so the next build writes the drawing
    again as it is.
    """
    spells = list(spells)
    if isinstance(cache, _Default):
        from cards.cache import default_cache

        cache = default_cache()
    fits: list[Fit | None] = [None] * len(spells)
    keys = [""] * len(spells)  # each spell's entry, with a cache
    missing = list(range(len(spells)))
    if cache is not None:  # (imported only then: sqlite3 is no part of a --no-cache build)
        from cards.cache import fit_key, layout_key

        layout_hash = layout_key(layout)
        keys = [fit_key(s, layout_hash, continue_on_back=continue_on_back) for s in spells]
        missing = []
        for number, (spell, key) in enumerate(zip(spells, keys, strict=True)):
            fit = fits[number] = cache.get(key, spell, layout, drawn=drawn)
            if fit is None:
                missing.append(number)
                continue
            if drawn and type(fit.faces[0]) is CardFace:  # an entry without drawings
                fits[number] = _kept(fit, cache, key, layout, drawn)
            if progress is not None:
                progress(1)
    workers = _workers(jobs, len(missing))
    try:
        if workers > 1:
            fitted = _fit_in_processes(
                [spells[n] for n in missing],
                layout,
                workers,
                continue_on_back,
                progress,
                entries=cache is not None,
                drawn=drawn,
            )
            for number, (fit, data) in zip(missing, fitted, strict=True):
                fits[number] = fit
                if cache is not None and data is not None:
                    cache.put_data(keys[number], data)
        else:
            context = TypesetContext()
            for number in missing:
                fit = _fit(spells[number], layout, context, continue_on_back)
                context.forget_paragraphs()
                fits[number] = _kept(fit, cache, keys[number], layout, drawn)
                if progress is not None:
                    progress(1)
    finally:
        if cache is not None:
            cache.flush()
    return tuple(fits)  # type: ignore[arg-type]


def _kept(fit: Fit, cache: FitCache | None, key: str, layout: Layout, drawn: bool) -> Fit:
    """Keep a fit in the cache under key (with its faces' drawings, if drawn) and return it,
    as `DrawnFace`s if drawn: each face drawn once.

    A face that cannot be drawn apart from its document (a font that is not TrueType) stays
    a `CardFace`, drawn as the PDF is written.
    """
    drawings = face_drawings(fit.faces) if drawn else None
    if cache is not None:
        cache.put(key, fit, layout, drawings)
    return fit if drawings is None else _with_drawings(fit, drawings)


def _with_drawings(fit: Fit, drawings: tuple) -> Fit:
    faces = zip(fit.faces, drawings, strict=True)
    return Fit(tuple(drawn_face(face, drawing) for face, drawing in faces), fit.min_cards)


def _fit(spell: Spell, layout: Layout, context: TypesetContext, continue_on_back: bool) -> Fit:
    return fit(spell, layout, context, continue_on_back=continue_on_back)


def _fit_in_processes(
    spells: Sequence[Spell],
    layout: Layout,
    workers: int,
    continue_on_back: bool,
    progress: Callable[[int], None] | None,
    *,
    entries: bool,
    drawn: bool = False,
) -> list[tuple[Fit, bytes | None]]:
    """Fit spells in worker processes; return each fit in order, with its entry's bytes
    when `entries` (the parent keeps a cache) and the entry format can hold it; drawn: the
    faces drawn there (`DrawnFace`s), with the drawings in the entries.

    The workers are forked with the spells (`_start_worker`): each is sent a spell's number
    and sends back its faces without the spell (`_detached`), which the parent has; the
    fits are those this process would make. Each worker has its own typesetting context.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from cards.typeset.czech import load_rules

    method = "fork"  # _workers asks for workers only where processes fork
    fonts = _font_files(layout)
    load_rules()  # before the fork: the workers share the hyphenation patterns
    chunk = max(1, min(8, len(spells) // (workers * 4)))  # small: the last chunks end together
    results: list[tuple[Fit, bytes | None]] = []
    with ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context(method),
        initializer=_start_worker,
        initargs=(layout, fonts, spells, continue_on_back, entries, drawn),
    ) as pool:
        answers = pool.map(_fit_in_worker, range(len(spells)), chunksize=chunk)
        for spell, (data, faces, min_cards) in zip(spells, answers, strict=True):
            fit = Fit(tuple(replace(face, spell=spell) for face in faces), min_cards)
            results.append((fit, data))
            if progress is not None:
                progress(1)
    return results


def _font_files(layout: Layout) -> tuple[str, ...]:
    """Return the files of a layout's fonts, for a worker to register them (under spawn)."""
    from reportlab.pdfbase import pdfmetrics

    files = []
    for font in dict.fromkeys(layout.fonts.values()):
        filename = getattr(pdfmetrics.getFont(font).face, "filename", None)
        if filename:
            files.append(str(filename))
    return tuple(files)


_WORKER: dict[str, Any] = {}


def _start_worker(
    layout: Layout,
    fonts: tuple[str, ...],
    spells: Sequence[Spell],
    continue_on_back: bool,
    entries: bool,
    drawn: bool,
) -> None:
    from cards.layout import register_font

    for file in fonts:
        register_font(Path(file))
    gc.disable()  # as in build_pdf: the fitting makes no cycles worth collecting
    _WORKER.update(
        layout=layout,
        spells=spells,
        continue_on_back=continue_on_back,
        entries=entries,
        drawn=drawn,
        context=TypesetContext(),
    )


def _fit_in_worker(number: int) -> tuple[bytes | None, tuple[CardFace | DrawnFace, ...], int]:
    """Fit the spell of that number; return its entry's bytes (if asked and it has a form),
    its faces without the spell (`CardFace.spell` None: the parent puts its own back),
    drawn if asked, and its fewest cards."""
    layout, context = _WORKER["layout"], _WORKER["context"]
    result = _fit(_WORKER["spells"][number], layout, context, _WORKER["continue_on_back"])
    context.forget_paragraphs()
    data = drawings = None
    if _WORKER["drawn"]:
        drawings = face_drawings(result.faces)
    if _WORKER["entries"]:
        from cards.cache import Uncacheable, encode_fit

        try:
            data = encode_fit(result, layout, drawings)
        except Uncacheable:
            data = None
    if drawings is not None:
        result = _with_drawings(result, drawings)
    return data, tuple(replace(face, spell=None) for face in result.faces), result.min_cards


def _workers(jobs: int | None, count: int) -> int:
    """Return how many processes fit `count` spells: jobs, or the idle cores for a big deck.

    By default a deck under PARALLEL_FROM spells, or a machine whose cores are busy (the
    1-minute load average, this process counted as one of it), is fitted in this process:
    workers that wait for a core only add their start and their cold caches.
    """
    if jobs is None:
        if count < PARALLEL_FROM:
            return 1
        cores = os.cpu_count() or 1
        try:
            idle = cores - os.getloadavg()[0] + 1
        except (AttributeError, OSError):  # no load average (Windows)
            idle = cores
        jobs = max(1, min(cores, int(idle + 0.5)))
    jobs = max(1, min(jobs, count))
    if jobs == 1:
        return 1  # (multiprocessing not even imported)
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1  # a spawned worker cannot take the layout (read-only mappings do not pickle)
    return jobs


def fit_spells(
    spells: Iterable[Spell],
    layout: Layout,
    progress: Callable[[int], None] | None = None,
    *,
    continue_on_back: bool = False,
    cache: FitCache | None | _Default = DEFAULT_CACHE,
    jobs: int | None = None,
    drawn: bool = False,
) -> tuple[CardFace | DrawnFace, ...]:
    """Set every spell onto card faces, in the order given (even parts on backs, if asked).

    cache, jobs and drawn: as for `fit_all` (drawn faces are for the painter only).
    """
    fits = fit_all(
        spells,
        layout,
        progress,
        continue_on_back=continue_on_back,
        cache=cache,
        jobs=jobs,
        drawn=drawn,
    )
    return tuple(face for result in fits for face in result.faces)


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
    cache: FitCache | None | _Default = DEFAULT_CACHE,
    jobs: int | None = None,
    back_style: str = "light",
    inks: Callable | None = None,
) -> BuildResult:
    """Fit the spells onto cards, impose them on sheets and write one PDF atomically.

    cache: the user's cache of fitted cards by default; None fits every spell anew.
    jobs: processes for the fitting (see `fit_all`). back_style: the decorative backs'
    "light" (cream, for home printing) or "full" (the school colour all over). inks: the
    colour space of a print shop's file (`cards.inks.Inks.colour_space`), or None for RGB.
    """
    if not isinstance(layout, Layout):
        layout = load_layout(layout)
    options = options or PrintOptions()
    with collector_paused():
        # (handed on, not kept here: write_faces lets each card go once it is painted)
        return write_faces(
            fit_spells(
                spells,
                layout,
                progress,
                continue_on_back=options.continue_on_back,
                cache=cache,
                jobs=jobs,
                drawn=inks is None,  # a drawing is in RGB: a print shop's inks draw anew
            ),
            out,
            spells=len(spells),
            layout=layout,
            sheet=sheet,
            options=options,
            title=title,
            index=index,
            back_style=back_style,
            inks=inks,
        )


def write_faces(
    faces: Sequence[CardFace],
    out: str | Path,
    *,
    spells: int,
    layout: Layout,
    sheet: str = "a4",
    options: PrintOptions | None = None,
    title: str = DEFAULT_TITLE,
    index: bool = False,
    back_style: str = "light",
    inks: Callable | None = None,
) -> BuildResult:
    """Impose fitted card faces on sheets and write one PDF atomically (build_pdf's second half).

    Every face is finished before the PDF is painted: the decorative backs are set here,
    all with one typesetting context. A page is let go once it is painted, and with it its
    cards' drawings, unless the caller keeps `faces`: a deck is not held whole to the end.
    """
    options = options or PrintOptions()
    with collector_paused():
        deck = DeckLabel(title, layout.fonts["body"], layout.colours.muted)
        cards = len(physical_cards(faces, continue_on_back=options.continue_on_back))
        pages = impose(faces, load_sheet(sheet, layout.width, layout.height), options, deck=deck)
        del faces  # the pages hold the cards now
        front_pages = sum(1 for page in pages if page.side == "front")
        context = TypesetContext()
        finished = with_backs(
            pages, layout, deck_title=title, context=context, back_style=back_style
        )
        if index:
            from cards.index import index_pages

            index_part = index_pages(pages, layout, title, backs=options.with_backs)
            finished = _roman_labels(index_part) + finished
        pages = list(finished)
        del finished  # only the list holds the pages now: _handed_over lets each go in turn
        count = len(pages)
        path = write_pdf(
            _handed_over(pages), Path(out), title=title, draw_front=draw_front, inks=inks
        )
    return BuildResult(path=path, spells=spells, cards=cards, sheets=front_pages, pages=count)


def _handed_over(pages: list) -> Iterator:
    """Yield each page, keeping none: once painted, a page and its cards can be let go."""
    for number in range(len(pages)):
        page, pages[number] = pages[number], None
        yield page


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


def write_images(
    spells: Sequence[Spell],
    out_dir: Path,
    *,
    layout: str | Path | Layout = "poker",
    dpi: int = 300,
    backs: bool = True,
    title: str = DEFAULT_TITLE,
    progress: Callable[[int], None] | None = None,
    cache: FitCache | None | _Default = DEFAULT_CACHE,
    jobs: int | None = None,
) -> tuple[Path, ...]:
    """Write one PNG per card face (front, then back) into out_dir; return the paths in order.

    The spells are fitted once (from the cache of fitted cards unless cache is None, in `jobs`
    processes) and imposed as single cards with their backs; `cards.paint.images` paints that PDF.
    progress, if given, is called with 1 twice per spell: once it is fitted, once its last
    card's images are made.
    """
    from cards.paint.images import paint_images

    layout = layout if isinstance(layout, Layout) else load_layout(layout)
    faces = _image_faces(spells, layout, progress, cache, jobs)
    document = _single_cards(faces, len(spells), layout, title)
    return paint_images(faces, document, out_dir, dpi=dpi, backs=backs, progress=progress)


def write_tts_sheets(
    spells: Sequence[Spell],
    out_dir: Path,
    *,
    layout: str | Path | Layout = "poker",
    dpi: int = 300,
    title: str = DEFAULT_TITLE,
    progress: Callable[[int], None] | None = None,
    cache: FitCache | None | _Default = DEFAULT_CACHE,
    jobs: int | None = None,
) -> tuple[Path, ...]:
    """Write Tabletop Simulator deck sheets (see `cards.paint.images.paint_tts_sheets`).

    A sheet over TTS_MAX_SIDE pixels a side is refused before anything is fitted.
    progress: as for write_images.
    """
    from cards.backs import plain_back
    from cards.paint.images import check_sheet_size, paint_tts_sheets

    layout = layout if isinstance(layout, Layout) else load_layout(layout)
    check_sheet_size(layout, dpi)
    common = plain_back(layout, deck_title=title, context=TypesetContext())
    faces = _image_faces(spells, layout, progress, cache, jobs)
    document = _single_cards(faces, len(spells), layout, title)
    return paint_tts_sheets(faces, document, common, out_dir, dpi=dpi, progress=progress)


def _image_faces(
    spells: Sequence[Spell],
    layout: Layout,
    progress: Callable[[int], None] | None,
    cache: FitCache | None | _Default,
    jobs: int | None,
) -> tuple[CardFace, ...]:
    from cards.paint.images import ImagesError

    if not spells:
        raise ImagesError(say("no_images"))
    with collector_paused():
        return fit_spells(spells, layout, progress, cache=cache, jobs=jobs)


def _single_cards(faces: Sequence[CardFace], spells: int, layout: Layout, title: str) -> bytes:
    """Return the single-card PDF of the faces (fronts and backs, no bleed)."""
    import tempfile

    options = PrintOptions(backs=True, bleed=0.0)
    with tempfile.TemporaryDirectory(prefix="cards-images-") as folder:
        pdf = Path(folder) / "cards.paint.pdf"
        write_faces(
            faces, pdf, spells=spells, layout=layout, sheet="none", options=options, title=title
        )
        return pdf.read_bytes()
