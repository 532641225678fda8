"""What a deck request means, for every face: print options, names, summaries, PDF and PNG bytes.

The click commands and the web app are two thin callers of these functions, so the rules live
here once: an empty selection is an error, --print-shop means single cards with 3 mm bleed and no
sheet, millimetres become points, a deck is named after its filters, the summary line counts in
Czech plurals, and a spell's label is the text a `cards deck` line takes to name exactly it.
"""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.units import mm

from cards.czech_text import plural
from cards.errors import CardsError
from cards.messages import say
from cards.model import Spell
from cards.printing import PrintSwitches

OUT_DIR = Path("out")
DEFAULT_SHEET = "a4"
SIDES = ("front", "back")
SHOP_MARK = "\x00"  # joins a layout and a print-shop preset in one name (no path holds it)


class EmptySelection(CardsError):
    """A selection with no spells: nothing to print."""


class OptionClash(CardsError):
    """Options that cannot go together (a usage error: exit status 2)."""

    exit_code = 2


class DeckFileError(CardsError):
    """A prepared list that cannot be read as text."""


class PreviewChoice(CardsError):
    """A preview part or side the spell does not have."""


@dataclass(frozen=True)
class PrintSettings(PrintSwitches):
    """How to print, as the user writes it: names, flags and millimetres (hashable, immutable).

    The switches (backs, duplex, fold, continue_on_back) are the imposition's own
    (`cards.printing.PrintSwitches`); the lengths here are in mm, PrintOptions' in points.
    `sheet` None means the default (A4) was left alone, which --print-shop may replace;
    `back_offset` is X,Y in mm and `bleed` mm or None (the sheet's own).
    """

    layout: str = "poker"
    sheet: str | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float | None = None
    print_shop: bool = False
    back_style: str = "light"  # the decorative backs: "light" (cream) or "full" (school colour)
    shop: str = ""  # with print_shop: the preset under layouts/tiskarny/ ("" the default)

    @property
    def fit_layout(self) -> str:
        """The layout the cards are fitted in: the layout, or it within a print shop's safe zone.

        A name `load_layout` takes ("poker", or "poker" and the preset joined by SHOP_MARK).
        """
        if not self.print_shop:
            return self.layout
        return f"{self.layout}{SHOP_MARK}{self.print_preset().name}"

    def print_preset(self):
        """Return the print-shop preset (cards.printshop.PrintShop); None without print_shop."""
        if not self.print_shop:
            return None
        from cards.printshop import load_preset

        return load_preset(self.shop)

    @property
    def sheet_name(self) -> str:
        """The sheet the cards go on: --print-shop's single cards, the one given, or A4."""
        if self.print_shop:
            return "none"
        return self.sheet or DEFAULT_SHEET

    @property
    def single_cards(self) -> bool:
        """Whether every card gets a page of its own (counted as pages, not sheets)."""
        return self.sheet_name.lower() == "none"

    def check(self) -> None:
        """Raise OptionClash for options that cannot go together."""
        if self.print_shop and self.sheet is not None and self.sheet.lower() != "none":
            raise OptionClash(say("print_shop_sheet", sheet=self.sheet))
        shop = self.print_preset()
        if shop is not None and shop.format != "pdf":
            raise OptionClash(say("print_shop_images", shop=shop.name))

    def print_options(self):
        """Return the imposition's PrintOptions: the same switches, the lengths in points."""
        from cards.impose import PrintOptions

        self.check()
        bleed = self.bleed
        shop = self.print_preset()
        switches = self.switches()
        if shop is not None:
            bleed = shop.bleed_mm if bleed is None else bleed
            switches["backs"] = self.backs or shop.backs
        x, y = self.back_offset
        return PrintOptions(
            **switches,
            back_offset=(x * mm, y * mm),
            bleed=None if bleed is None else bleed * mm,
        )


@dataclass(frozen=True)
class DeckSummary:
    """How many spells, physical cards and sheets (pages, for single cards) a deck takes."""

    spells: int
    cards: int
    sheets: int
    single_cards: bool = False

    @property
    def text(self) -> str:
        """The summary in Czech: "12 kouzel, 15 karet, 2 archy" ("6 stran" for single cards)."""
        pages = ("strana", "strany", "stran") if self.single_cards else ("arch", "archy", "archů")
        return (
            f"{plural(self.spells, 'kouzlo', 'kouzla', 'kouzel')}, "
            f"{plural(self.cards, 'karta', 'karty', 'karet')}, "
            f"{plural(self.sheets, *pages)}"
        )


@dataclass(frozen=True)
class DeckPdf:
    """A built deck: where it was written (None for bytes only), its bytes and its summary."""

    summary: DeckSummary
    path: Path | None = None
    data: bytes = field(default=b"", repr=False)


def require_spells(spells: Sequence[Spell]) -> None:
    """Raise EmptySelection when there is nothing to print."""
    if not spells:
        raise EmptySelection(say("no_spells"))


def default_output(name: str, suffix: str = ".pdf") -> Path:
    """Where a file goes when no -o is given: out/<name>.pdf (out/kouzlo.pdf for an empty name).

    A name whose slug is empty (a spell named in punctuation only) never makes a hidden file.
    """
    return OUT_DIR / f"{name or 'kouzlo'}{suffix}"


def deck_name(
    base: str, classes=(), level=None, schools=(), sources=(), ritual=None, concentration=None
) -> str:
    """Name a filtered deck after its filters: kouzelnik-0-3, kompendium-druid-phb."""
    from cards.model import SOURCE_ABBREVIATIONS as ABBREVIATIONS
    from cards.select import parse_levels, resolve_class, resolve_school, slug

    parts = [base]
    parts += [slug(resolve_class(name)) for name in classes]
    if level:
        low, high = parse_levels(level)
        parts.append(str(low) if low == high else f"{low}-{high}")
    parts += [slug(resolve_school(name)) for name in schools]
    parts += [_source_part(name, ABBREVIATIONS) for name in sources]
    flags = ((ritual, "ritualy", "bez-ritualu"), (concentration, "soustredeni", "bez-soustredeni"))
    parts += [yes if wanted else no for wanted, yes, no in flags if wanted is not None]
    return "-".join(dict.fromkeys(parts))


def _source_part(name: str, abbreviations) -> str:
    """Name a --source in a file name: phb for a known book, the slug of one's own book."""
    from cards.select import SelectionError, resolve_source, slug

    try:
        return abbreviations[resolve_source(name)].lower()
    except SelectionError:
        return slug(name)  # a book of one's own spells (--add), checked by the selection


def list_file_name(stem: str | None) -> str:
    """Name a prepared list's deck after its file ("deck" for standard input)."""
    from cards.select import slug

    return (slug(stem) if stem else "") or "deck"


def decode_lines(data: bytes, origin: str) -> list[str]:
    """Decode a list's lines as the input gate does (UTF-8, UTF-16 with a BOM; NFC)."""
    from cards.inputs import InputError, decode

    try:
        return decode(data, origin).splitlines()
    except InputError as error:
        raise DeckFileError(str(error)) from None


def spell_labels(every: Sequence[Spell]) -> dict[Spell, str]:
    """Label every spell with the shortest text a `cards deck` line takes to name exactly it.

    The Czech name where no other spell answers to it, else "Světlo (Příručka hráče)".
    """
    from cards.select import SpellIndex, name_key

    index = SpellIndex(every)  # one index for every spell's label, not one per spell
    owners: dict[str, set[Spell]] = {}
    for spell in every:
        for name in (spell.name, spell.name_en):
            if name:
                owners.setdefault(name_key(name), set()).add(spell)
    labels = {}
    for spell in every:
        if owners[name_key(spell.name)] == {spell}:
            labels[spell] = spell.name
        else:
            labels[spell] = _qualified_label(spell, index)
    return labels


def spell_label(spell: Spell, every: Sequence[Spell]) -> str:
    """Return the text a `cards deck` line takes to name exactly this spell (see spell_labels)."""
    from cards.select import SelectionError, find_spell

    try:
        if find_spell(every, spell.name) == spell:
            return spell.name
    except SelectionError:
        pass
    return _qualified_label(spell, every)


def _qualified_label(spell: Spell, every) -> str:
    """The label of a spell whose name is not its own: its label, the name in another of its
    books, or its English name, whichever names exactly it (every: spells or a SpellIndex)."""
    from cards.select import SelectionError, find_spell

    tries = [spell.label, *(f"{spell.name} ({book})" for book in spell.sources[1:])]
    if spell.name_en:
        tries.append(spell.name_en)
    for text in tries:
        try:
            if find_spell(every, text) == spell:
                return text
        except SelectionError:
            continue
    return spell.label


def load_layout(name: str):
    """Load a card layout by name or path (a CardsError for an unknown one).

    A name with a print-shop preset (PrintSettings.fit_layout) gives the layout with its safe
    margin grown to the shop's safe zone.
    """
    from cards.layout import load_layout as load

    if SHOP_MARK not in name:
        return load(name)
    from cards.printshop import load_preset

    layout, shop = name.split(SHOP_MARK)
    return load_preset(shop).fit_layout(load(layout))


def build_deck(
    spells: Sequence[Spell],
    settings: PrintSettings,
    *,
    out: str | Path | None = None,
    title: str,
    index: bool = False,
    progress: Callable[[int], None] | None = None,
    **fitting,
) -> DeckPdf:
    """Build a deck's PDF: written to `out`, or returned as bytes when `out` is None.

    fitting: build_pdf's `cache` and `jobs` (the cache of fitted cards is used by default).

    Raise EmptySelection, OptionClash, or the library's errors for a character the layout
    cannot draw, a bad layout or sheet. The bytes are those `cards deck -o FILE` writes.
    """
    from cards.atomic import output_target
    from cards.build import build_pdf
    from cards.lint.glyphs import require_drawable

    require_spells(spells)
    options = settings.print_options()
    layout = load_layout(settings.fit_layout)  # no text within a print shop's safe zone
    shop = settings.print_preset()
    require_drawable(spells, layout)
    if out is not None:
        output_target(out)  # a default name can be a directory or a FIFO too: refuse before work
    with tempfile.TemporaryDirectory(prefix="cards-") as folder:
        target = Path(folder) / "deck.pdf" if out is None else Path(out)
        result = build_pdf(
            spells,
            target,
            layout=layout,
            sheet=settings.sheet_name,
            options=options,
            title=title,
            index=index,
            progress=progress,
            back_style=settings.back_style,
            inks=_shop_inks(layout) if shop is not None else None,
            **fitting,
        )
        if shop is not None:
            from cards.printshop import finish_for_shop

            finish_for_shop(target, shop, separate=out is not None)
        data = target.read_bytes() if out is None else b""
    summary = DeckSummary(result.spells, result.cards, result.sheets, settings.single_cards)
    return DeckPdf(summary, None if out is None else result.path, data)


def _shop_inks(layout):
    """Return the colour space a print shop's PDF is drawn in: the layout's CMYK inks."""
    from cards.inks import layout_inks

    return layout_inks(layout).colour_space()


@dataclass(frozen=True)
class _Slot:
    """A stand-in card face for counting: its size, its spell's place in the deck and its part."""

    width: float
    height: float
    spell: int
    part: int


class DeckCounter:
    """Count decks without building a PDF; remembers how many parts each spell takes per layout.

    One counter per process (the web app keeps one): a filtered list or a deck's live count
    then fits only spells it has not seen, with the library's own fitting (fit_spells), and
    imposes stand-ins of the known size, so the sheets are counted by the imposition itself.
    The faces of the last spells previewed are kept too (at most MAX_FACES), and the parts of
    the MAX_PARTS spells and layouts used last: a server's memory levels off, whatever spells
    its clients send (the compendium in every layout takes 6,888).
    """

    MAX_FACES = 64
    MAX_PARTS = 20_000

    def __init__(self) -> None:
        self._parts: dict[tuple[str, bool, Spell], int] = {}
        self._faces: dict[tuple[str, bool, Spell], tuple] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """How many spells and layouts the counter remembers the parts of."""
        return len(self._parts)

    def _keep(self, key: tuple[str, bool, Spell], parts: int) -> None:
        with self._lock:
            self._parts.pop(key, None)
            self._parts[key] = parts  # the newest last
            while len(self._parts) > self.MAX_PARTS:
                self._parts.pop(next(iter(self._parts)))

    def faces(self, spell: Spell, layout_name: str, continue_on_back: bool = False) -> tuple:
        """Return the card faces of one spell in a layout (kept for the last few spells)."""
        from cards.build import fit_spells

        key = (layout_name, continue_on_back, spell)
        found = self._faces.get(key)
        if found is None:
            layout = load_layout(layout_name)
            found = fit_spells((spell,), layout, continue_on_back=continue_on_back, jobs=1)
            self._keep(key, len(found))
        with self._lock:
            self._faces.pop(key, None)
            self._faces[key] = found  # the newest last
            while len(self._faces) > self.MAX_FACES:
                self._faces.pop(next(iter(self._faces)))
        return found

    def known(self, spell: Spell, layout_name: str, continue_on_back: bool = False) -> bool:
        """Tell whether the spell's parts in this layout are counted already."""
        return (layout_name, continue_on_back, spell) in self._parts

    def remember(
        self, spells: Sequence[Spell], parts: Sequence[int], layout_name: str, cob: bool = False
    ) -> None:
        """Take the parts of spells counted elsewhere (by part_counts in another process)."""
        for spell, count in zip(spells, parts, strict=True):
            self._keep((layout_name, cob, spell), count)

    def parts(self, spell: Spell, layout_name: str, continue_on_back: bool = False) -> int:
        """Return how many card faces (parts) a spell takes."""
        found = self._parts.get((layout_name, continue_on_back, spell))
        if found is None:
            found = len(self.faces(spell, layout_name, continue_on_back))
        return found

    def cards(self, spell: Spell, layout_name: str, continue_on_back: bool = False) -> int:
        """Return how many physical cards a spell takes."""
        parts = self.parts(spell, layout_name, continue_on_back)
        return (parts + 1) // 2 if continue_on_back else parts

    def count(self, spells: Sequence[Spell], settings: PrintSettings) -> DeckSummary:
        """Count a deck's spells, physical cards and sheets as build_deck would print them."""
        from cards.impose import impose, load_sheet, physical_cards

        options = settings.print_options()
        layout = load_layout(settings.fit_layout)
        cob = settings.continue_on_back
        slots = tuple(
            _Slot(layout.width, layout.height, number, part)
            for number, spell in enumerate(spells)
            for part in range(1, self.parts(spell, settings.fit_layout, cob) + 1)
        )
        if not slots:
            return DeckSummary(0, 0, 0, settings.single_cards)
        cards = len(physical_cards(slots, continue_on_back=cob))
        sheet = load_sheet(settings.sheet_name, layout.width, layout.height)
        pages = impose(slots, sheet, options)
        sheets = sum(1 for page in pages if page.side == "front")
        return DeckSummary(len(spells), cards, sheets, settings.single_cards)


def part_counts(spells: Sequence[Spell], layout_name: str, cob: bool = False) -> list[int]:
    """Return how many parts each spell takes (for DeckCounter.remember), in this process.

    Drawn, as a PDF build fits: what the page counts is in the cache for its PDF too, and an
    entry's primitives are not read to count its faces.
    """
    from cards.build import fit_all

    fits = fit_all(spells, load_layout(layout_name), continue_on_back=cob, jobs=1, drawn=True)
    return [len(fit.faces) for fit in fits]


def count_deck(spells: Sequence[Spell], settings: PrintSettings) -> DeckSummary:
    """Count a deck's spells, cards and sheets without writing a PDF (see DeckCounter)."""
    return DeckCounter().count(spells, settings)


def _preview_faces(
    faces: Sequence, part: int | None, side: str | None, continue_on_back: bool
) -> tuple[tuple, bool, bool]:
    """Pick the faces of a preview: all cards, or one card's front or back.

    Return the faces, whether backs are drawn below them, and whether the (one) face is a
    decorative back to draw in place of the front.
    """
    from cards.impose import physical_cards

    if side is not None and side not in SIDES:
        raise PreviewChoice(say("preview_side", side=side))
    cards = physical_cards(faces, continue_on_back=continue_on_back)
    if part is None:
        if side is None:
            return tuple(faces), True, False
        chosen = list(range(len(cards)))
    else:
        if not 1 <= part <= len(cards):
            raise PreviewChoice(say("preview_part", count=len(cards), part=part))
        chosen = [part - 1]
    if side in (None, "front"):
        return tuple(cards[i].front for i in chosen), side is None, False
    backs = [cards[i].back for i in chosen]
    if all(back is not None for back in backs):
        return tuple(backs), False, False
    if any(back is not None for back in backs):
        raise PreviewChoice(say("preview_one_part"))
    return tuple(cards[i].front for i in chosen), False, True


def preview_png(
    spell: Spell,
    *,
    layout: str = "poker",
    dpi: int = 300,
    backs: bool = True,
    continue_on_back: bool = False,
    part: int | None = None,
    side: str | None = None,
    counter: DeckCounter | None = None,
    out: str | Path | None = None,
    back_style: str = "light",
) -> bytes:
    """Render a spell's cards to PNG, as `cards preview` does: every part, fronts above backs.

    `part` (1, 2, ...: a physical card) and `side` ("front" or "back") pick one image of it.
    Written to `out` too when given (atomically); the bytes are returned either way.
    """
    from cards.atomic import output_target
    from cards.backs import card_backs
    from cards.lint.glyphs import require_drawable
    from cards.paint.preview import render_preview

    card = load_layout(layout)
    require_drawable((spell,), card)
    if out is not None:
        output_target(out)
    faces = (counter or DeckCounter()).faces(spell, layout, continue_on_back)
    faces, below, decorative = _preview_faces(faces, part, side, continue_on_back)
    if decorative:  # the backs themselves, in place of the fronts
        faces = card_backs(faces, card, back_style=back_style)
    whole = part is None and side is None
    with_backs = (backs or continue_on_back) if whole else below
    with tempfile.TemporaryDirectory(prefix="cards-") as folder:
        target = Path(folder) / "preview.png" if out is None else Path(out)
        render_preview(
            faces,
            target,
            dpi=dpi,
            backs=card_backs(faces, card, back_style=back_style) if with_backs else (),
            continue_on_back=continue_on_back and whole,
        )
        return target.read_bytes()


def select(spells: Iterable[Spell], **filters) -> tuple[Spell, ...]:
    """Select spells with the CLI's filters (class, level, school, source, ritual, concentration).

    `level` is "3" or "1-3" as --level takes it; the others as cards.select.select_spells.
    """
    from cards.select import parse_levels, select_spells

    level = filters.pop("level", None)
    return select_spells(
        spells, levels=parse_levels(level) if level not in (None, "") else None, **filters
    )


@dataclass(frozen=True)
class SpellFile:
    """A file of the user's own spells, as text (the web page keeps it and sends it back)."""

    name: str
    text: str


def parse_spell_file(file: SpellFile):
    """Parse an uploaded spell file, text or JSON as --add takes it; collect its problems."""
    from cards.source.library import parse_spell_text

    return parse_spell_text(file.text, file.name, any_book=True)


def lint_spell_files(base: Sequence[Spell], files: Sequence[SpellFile]):
    """Return the added files' spells and every problem of theirs, name clashes included.

    `base` is the compendium they join (as `cards lint --add` checks them against it).
    """
    from cards.source.duplicates import clashes
    from cards.source.problems import Compendium

    parsed = [parse_spell_file(file) for file in files]
    problems = [p for file in parsed for p in file.problems]
    problems += clashes([Compendium("<kompendium>", tuple(base), ()), *parsed])
    spells = tuple(spell for file in parsed for spell in file.spells)
    return spells, tuple(problems)


def spells_with(base: Sequence[Spell], files: Sequence[SpellFile]) -> tuple[Spell, ...]:
    """Join the added files' spells to the compendium; CompendiumError when one has an error."""
    from cards.source.problems import CompendiumError

    if not files:
        return tuple(base)
    added, problems = lint_spell_files(base, files)
    if any(p.severity == "error" for p in problems):
        raise CompendiumError(problems)
    return (*base, *added)


def search_spells(spells: Iterable[Spell], query: str) -> tuple[Spell, ...]:
    """The spells whose Czech or English name the query finds, best first (cards.names.search).

    Any case, diacritics optional, word order free, Czech endings tolerated ("leciva slova"
    finds Léčivé slovo); exact names first, then names the query begins; equals keep the order.
    """
    from cards.names import search

    return search(spells, query)
