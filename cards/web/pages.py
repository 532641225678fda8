"""The HTML page and its htmx fragments: pick spells, the deck, preview and print.

Each view turns the page's form into the JSON API's request (cards/web/api.py) and calls the same
functions the API and the `cards` commands call; it only renders what they return. Nothing about
spells, names, counts or print options is decided here or in the page's JavaScript.
"""

from __future__ import annotations

import base64
import io
import json
import math
import re
import tempfile
import zipfile
from pathlib import Path
from urllib.parse import urlencode

from flask import Blueprint, Response, render_template, request
from werkzeug.datastructures import MultiDict

from cards.errors import CardsError
from cards.layout import list_layouts, load_layout
from cards.messages import say
from cards.messages.web import PAGE_TEXTS
from cards.model import CLASSES, SCHOOLS, SOURCES
from cards.select import sort_spells
from cards.service import plural
from cards.spellfilters import CASTING, COMPONENTS, DURATIONS, RANGES
from cards.web import api
from cards.web.editor import editor, editor_choices, joined_text, own_spells

pages = Blueprint(
    "pages",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/assets",
)

pages.register_blueprint(editor)  # the editor of the player's own spells
pages.add_app_template_global(say, "say")  # the templates' words come from the catalogue

LEVELS = tuple(range(10))
SHEETS = (("a4", "A4"), ("letter", "Letter"), ("none", say("page_one_card_a_page")))
PREVIEW_DPI = 160  # a poker card 397 CSS px wide, as wide as the preview's column
SHEET_DPI = 50  # an A4 sheet 413 CSS px wide
MAX_RATIO = 3  # device pixel ratios above this are drawn at 3
TTS_DPI = 150


def request_data(form) -> dict:
    """The page's form as the JSON API's request: deck, own spells, filters, print options."""
    data = {
        "spells": [label for label in form.getlist("spells") if label.strip()],
        "add": [{"name": form.get("homebrew_name", ""), "text": form["homebrew"]}]
        if form.get("homebrew", "").strip()
        else [],
        "layout": form.get("layout", "poker"),
        "sheet": form.get("sheet", "a4"),
        "backs": bool(form.get("backs")),
        "duplex": form.get("duplex", "long"),
        "back_offset": [form.get("offset_x") or 0, form.get("offset_y") or 0],
        "fold": bool(form.get("fold")),
        "continue_on_back": bool(form.get("continue_on_back")),
    }
    if form.get("print_shop"):  # a shop's preset: single cards, the sheet left out
        data["print_shop"] = form["print_shop"]
        data.pop("sheet")
    for field in ("q", "class", "school", "ritual", "concentration", "words"):
        data[field] = form.get(field, "")
    for field in ("source", "casting", "range", "duration"):
        data[field] = [value for value in form.getlist(field) if value]
    data["components"] = [
        form[f"component_{key}"] for key in COMPONENTS if form.get(f"component_{key}")
    ]
    data["level"] = f"{form.get('level_from', '0')}-{form.get('level_to', '9')}"
    return data


def _print_shops() -> list[tuple[str, str]]:
    """The PDF presets of layouts/tiskarny/ the page offers "Pro tiskárnu": (name, description)."""
    from cards.printshop import list_presets, load_preset

    shops = [load_preset(name) for name in list_presets()]
    return [(shop.name, shop.description) for shop in shops if shop.format == "pdf"]


def _message(error: CardsError) -> str:
    """An error for the page: the API's Czech message without the JSON field's English name."""
    if isinstance(error, api.ApiError):
        return error.message.replace(f" ({error.field})", "", 1) if error.field else error.message
    return say("api_refused", error=error)


def _error_fragment(error: CardsError):
    return render_template("_error.html", message=_message(error)), 400


MAX_SHARED_OWN = 6000  # characters of own spells a share link carries (an address stays usable)
PRINT_FIELDS = (
    "deck_sort",
    "print_shop",
    "layout",
    "sheet",
    "backs",
    "duplex",
    "offset_x",
    "offset_y",
    "fold",
    "continue_on_back",
)


def _shared_deck(args) -> dict | None:
    """A share link's deck: its name, spells and the print settings the server accepts."""
    listing = args.get("seznam")
    if not listing:
        return None
    settings = {key: args[key] for key in PRINT_FIELDS if key in args}
    try:
        api.print_settings(request_data(MultiDict(settings)))
    except CardsError:
        settings = {}  # settings this server refuses: the deck opens with the defaults
    name = " ".join(args.get("nazev", "").split())[:80] or say("page_shared_name")
    spells = [" ".join(line.split()) for line in listing.splitlines() if line.strip()]
    shared = {"name": name, "spells": spells[: api.MAX_SPELLS], "settings": settings}
    own = args.get("vlastni", "")
    if own and len(own) <= MAX_SHARED_OWN and own_spells(own, "ze-sdileni.txt"):
        shared["homebrew"] = own  # the deck's own spells, merged into the receiver's by the page
    return shared


def layout_text(name: str) -> str:
    """A layout's Czech description for the page (the catalogue's, else the layout file's)."""
    from cards.messages import CATALOGUE

    key = f"page_layout_{name}"
    return CATALOGUE[key] if key in CATALOGUE else load_layout(name).description


def page_texts() -> dict[str, str]:
    """The texts the page's script shows, from the catalogue."""
    return {key.removeprefix("page_js_"): text for key, text in PAGE_TEXTS.items()}


@pages.get("/")
def index():
    """The whole page; a share link (?seznam=...) opens as a new deck beside the stored ones."""
    shared = _shared_deck(request.args)
    layouts = [(name, layout_text(name)) for name in list_layouts()]
    return render_template(
        "page.html",
        classes=CLASSES,
        schools=SCHOOLS,
        sources=SOURCES,
        casting=CASTING,
        ranges=RANGES,
        durations=DURATIONS,
        components=COMPONENTS,
        deck_sorts=DECK_SORTS,
        editing=editor_choices(),
        levels=LEVELS,
        sheets=SHEETS,
        print_shops=_print_shops(),
        layouts=layouts,
        shared_json=json.dumps(shared, ensure_ascii=False) if shared else "",
        texts_json=json.dumps(page_texts(), ensure_ascii=False),
    )


@pages.post("/hledat")
def search():
    """The results of a search: each spell a checkbox, ticked when it is in the deck."""
    from cards.select import books_of, nearest_names

    data = request_data(request.form)
    nearest = []
    try:
        every, _ = api.engine().spells(api.request_files(data))
        # The own spells' books join "Kniha" (and leave it with them).
        books = [*SOURCES, *(b for b in books_of(every) if b not in SOURCES)]
        data["source"] = [book for book in data["source"] if book in books]
        found = api.list_spells(data, counts=False)  # the cards are counted for the deck only
        if not found and data["q"].strip():
            nearest = [(name, name.split(" (", 1)[0]) for name in nearest_names(every, data["q"])]
    except CardsError as error:
        return _error_fragment(error)
    if "|".join(books) == request.form.get("books_shown", "|".join(books)):
        books = []  # the page shows these books already
    return render_template(
        "_results.html",
        spells=found,
        nearest=nearest,
        books=books,
        ticked=set(data["source"]),
        chosen=set(data["spells"]),
        query=data["q"],
        summary=say("page_found", count=plural(len(found), "kouzlo", "kouzla", "kouzel")),
    )


DECK_SORTS = {key: say(f"page_deck_sort_{key}") for key in ("own", "level", "name", "school")}


def _preset(every, preset: str):
    """A whole class deck (as `cards class`) or the whole compendium (as `cards compendium`)."""
    from cards.select import resolve_class
    from cards.service import select

    if preset == "all":
        return sort_spells(every, by="level")
    klass = preset.removeprefix("class:")
    return sort_spells(select(every, classes=(resolve_class(klass),)), by="level")


def _kept(labels, every) -> tuple[tuple, list[str]]:
    """A stored deck's spells; labels that name no spell here (homebrew not loaded) left out."""
    try:
        return api.resolve_labels(labels, every), []
    except api.ApiError as error:
        problems = error.extra.get("problems")
        if not problems:
            raise
    bad = {problem["line"] for problem in problems}
    kept = [label for number, label in enumerate(labels, start=1) if number not in bad]
    missing = [problem["text"] for problem in problems]
    return (api.resolve_labels(kept, every) if kept else ()), missing


def _other_books(spells, every, labels) -> dict:
    """For each deck spell whose name is in several books: (book, label) of the other copies."""
    named = {spell.name for spell in spells}
    copies: dict[str, list] = {}
    for spell in every:
        if spell.name in named:
            copies.setdefault(spell.name, []).append(spell)
    return {
        spell: [(other.sources[0], labels[other]) for other in copies[spell.name] if other != spell]
        for spell in spells
        if len(copies[spell.name]) > 1
    }


def share_link(chosen, form, spells=()) -> str:
    """The share link of a deck: its spells, its name, its print settings and the text of its
    own spells (those not in the compendium) while that is short enough for an address."""
    fields = {"seznam": "\n".join(chosen)}
    own = [spell for spell in spells if spell not in set(api.engine().base)]
    if own:
        text = joined_text(own)
        if len(text) <= MAX_SHARED_OWN:
            fields["vlastni"] = text
    name = " ".join(form.get("deck_name", "").split())
    if name:
        fields["nazev"] = name
    for key in PRINT_FIELDS:
        if form.get(key):
            fields[key] = form[key]
    return "/?" + urlencode(fields)


@pages.post("/balicek")
def deck():
    """The deck: its spells in order, the engine's count and the share link.

    With "preset" the deck becomes a whole class or the compendium; with "list_text" a list
    file replaces it (unless a name in it names no spell: then every such line is shown).
    Labels that name no spell here (a homebrew spell this browser lacks) are left out and named.
    """
    form = request.form
    data = request_data(form)
    problems = ()
    missing: list[str] = []
    try:
        settings = api.print_settings(data)
        every, labels = api.engine().spells(api.request_files(data))
        if form.get("preset"):
            spells = _preset(every, form["preset"])
        else:
            if "list_text" in form:
                try:
                    lines = form["list_text"].splitlines()
                    data["spells"] = [labels[s] for s in api.resolve_labels(lines, every, "text")]
                except api.ApiError as error:
                    problems = error.extra.get("problems", ())
            spells, missing = _kept(data["spells"], every) if data["spells"] else ((), [])
        order = form.get("deck_sort", "")
        if order in DECK_SORTS and order != "own":
            spells = sort_spells(spells, by=order)
        summary = api.engine().count(spells, settings).text if spells else say("page_deck_empty")
    except CardsError as error:
        return _error_fragment(error)
    chosen = [labels[spell] for spell in spells]
    return render_template(
        "_deck.html",
        spells=list(zip(spells, chosen, strict=True)),
        books=_other_books(spells, every, labels),
        labels_json=json.dumps(chosen, ensure_ascii=False),
        summary=summary,
        problems=problems,
        missing=missing,
        deck_id=form.get("deck_id", ""),
        share=share_link(chosen, form, spells) if chosen else "",
    )


@pages.post("/nahled")
def preview():
    """The engine's PNG of every part of one spell, front and back, in the chosen layout."""
    form = request.form
    data = request_data(form)
    try:
        every, _ = api.engine().spells(api.request_files(data))
        spell = api.resolve_labels([form.get("label", "")], every, field="spell")[0]
        settings = api.print_settings(data)
        ratio = pixel_ratio(form)
        png = api.engine().preview(
            spell,
            layout=settings.layout,
            dpi=round(PREVIEW_DPI * ratio),
            continue_on_back=settings.continue_on_back,
        )
    except CardsError as error:
        return _error_fragment(error)
    source = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    return render_template("_preview.html", spell=spell, source=source, width=css_width(png, ratio))


def pixel_ratio(form) -> float:
    """The screen's device pixel ratio the page sends (1 to MAX_RATIO, in quarters)."""
    try:
        ratio = float(form.get("ratio", 1))
    except ValueError:
        return 1.0
    if not math.isfinite(ratio):
        return 1.0
    return min(MAX_RATIO, max(1.0, round(ratio * 4) / 4))


def css_width(png: bytes, ratio: float) -> int:
    """The CSS width of a PNG drawn at the device pixel ratio: one image pixel a device pixel."""
    return round(int.from_bytes(png[16:20], "big") / ratio)


@pages.post("/arch")
def sheet_preview():
    """The deck's first printed sheet (and its back), as the PDF prints them."""
    from cards.paint.images import pdf_page_png

    ratio = pixel_ratio(request.form)
    name = " ".join(request.form.get("deck_name", "").split())
    try:
        spells, settings = _deck_request()
        built = api.engine().pdf(spells, settings, title=name or api.DECK_TITLE, index=False)
        dpi = round(SHEET_DPI * ratio)
        pages_shown = 2 if settings.backs and not settings.fold else 1
        images = [pdf_page_png(built.data, n, dpi) for n in range(pages_shown)]
    except CardsError as error:
        return _error_fragment(error)
    sides = [
        ("data:image/png;base64," + base64.b64encode(png).decode("ascii"), css_width(png, ratio))
        for png in images
    ]
    return render_template("_sheet.html", sides=sides, summary=built.summary.text)


@pages.post("/vlastni")
def homebrew():
    """Check an uploaded spell file: its problems with line numbers, or the spells it adds."""
    from cards.service import SpellFile, lint_spell_files

    name = api.safe_name(request.form.get("name", "") or "vlastni.txt")
    added, problems = lint_spell_files(
        api.engine().base, (SpellFile(name, request.form.get("text", "")),)
    )
    errors = [p for p in problems if p.severity == "error"]
    if not added and not errors:
        errors = [api.empty_problem(name)]
    return render_template(
        "_homebrew.html",
        name=name,
        errors=errors,
        warnings=[p for p in problems if p.severity != "error"],
        added=added,
        added_count=plural(len(added), "kouzlo", "kouzla", "kouzel"),
    )


def _download(data: bytes, name: str, mimetype: str) -> Response:
    response = Response(data, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def download_name(deck: str, suffix: str) -> str:
    """A download's file name after the deck: "Druid 0–2" -> druid-0-2.pdf."""
    from cards.czech_text import slug

    words = re.sub("[\u2010-\u2015\u2212]", " ", deck)  # dashes part words, as spaces do
    return f"{slug(words, 'balicek')}.{suffix}"


def _refused(error: CardsError):
    return _message(error), 400, {"Content-Type": "text/plain; charset=utf-8"}


def _deck_request():
    return api.deck_request(request_data(request.form))


@pages.post("/pdf")
def pdf():
    """The deck's PDF with the form's print options: what `cards deck` prints."""
    name = " ".join(request.form.get("deck_name", "").split())
    try:
        spells, settings = _deck_request()
        built = api.engine().pdf(spells, settings, title=name or api.DECK_TITLE, index=False)
    except CardsError as error:
        return _refused(error)
    return _download(built.data, download_name(name, "pdf"), "application/pdf")


@pages.post("/tts")
def tts():
    """The deck's Tabletop Simulator sheets (as `cards images --sheet tts`), zipped."""
    from cards.build import write_tts_sheets

    try:
        spells, settings = _deck_request()
        buffer = io.BytesIO()
        with tempfile.TemporaryDirectory() as folder:
            paths = write_tts_sheets(spells, Path(folder), layout=settings.layout, dpi=TTS_DPI)
            with zipfile.ZipFile(buffer, "w") as archive:
                for path in paths:
                    archive.write(path, path.name)
    except CardsError as error:
        return _refused(error)
    name = download_name(request.form.get("deck_name", ""), "zip")
    return _download(buffer.getvalue(), name, "application/zip")


@pages.post("/kalibrace")
def calibration():
    """The duplex calibration sheet on the chosen paper (as `cards calibrate`)."""
    from cards.calibrate import write_calibration
    from cards.impose import load_sheet

    data = request_data(request.form)
    try:
        settings = api.print_settings(data)
        layout = load_layout(settings.layout)
        paper = settings.sheet_name if not settings.single_cards else "a4"
        with tempfile.TemporaryDirectory() as folder:
            out = write_calibration(
                Path(folder) / "kalibrace.pdf",
                load_sheet(paper, layout.width, layout.height),
                layout=layout,
                page=True,
            )
            pdf_bytes = Path(out).read_bytes()
    except CardsError as error:
        return _refused(error)
    return _download(pdf_bytes, "kalibrace.pdf", "application/pdf")


@pages.post("/seznam")
def list_file():
    """The deck as a `cards deck` list file, one spell a line."""
    data = request_data(request.form)
    try:
        every, labels = api.engine().spells(api.request_files(data))
        spells = api.resolve_labels(data["spells"], every)
    except CardsError as error:
        return _refused(error)
    text = "".join(f"{labels[spell]}\n" for spell in spells)
    name = download_name(request.form.get("deck_name", ""), "txt")
    return _download(text.encode("utf-8"), name, "text/plain; charset=utf-8")
