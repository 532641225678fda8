"""The JSON API: the same library functions as the `cards` commands, for the page and for scripts.

Routes (every POST takes a JSON body, at most 2 MiB; every error is JSON
`{"error": "<Czech message>", "field": "<the field at fault>", ...}` with status 400):

GET  /api/spells?q=&class=&level=&school=&source=&ritual=&concentration=
                 &casting=&range=&duration=&components=&words=&sort=&layout=&continue_on_back=
POST /api/spells   the same fields as JSON (class/school/source a string or a list), plus "add"
    -> [{label, name, english, level, school, source, sources, classes, ritual, concentration,
         cards}] in Czech order (sort=name, the default; or level, school, class as `cards list`).
    Filters as `cards list`: class, school and source Czech or English, any case, diacritics
    optional (repeatable: ?class=bard&class=druid); level "3" or "1-3"; ritual and
    concentration "ano"/"ne" (also 1/0, true/false). q: part of a Czech or English name, any
    case, diacritics optional, word order free, Czech endings tolerated (cards.names), best
    matches first. casting (akce, bonusova, reakce, delsi), range (sebe, dotyk, blizko,
    stredni, daleko), duration (ihned, minuta, hodina, dlouho): any of several; components: keys
    a spell must have (V, P, S, cena) or, with "-", lack; words: words of the spell's text
    (cards/spellfilters.py). `label` is what a `cards deck` line takes ("Světlo (Příručka
    hráče)" where a name is in two books); `cards` counts the spell's cards in `layout`.
POST /api/count    {"spells": [labels], print options, "add"}
    -> {"spells": 12, "cards": 15, "sheets": 2, "text": "12 kouzel, 15 karet, 2 archy"}
POST /api/pdf      {"spells": [labels], print options, "index": false, "add"}
    -> application/pdf, byte-identical to `cards deck` on the same list with the same options.
POST /api/deck-file {"spells": [labels], "add"} -> text/plain: the list in the `cards deck` format
POST /api/read-list {"text": "<a cards deck file>", "name": "seznam.txt", "add"}
    -> {"spells": [labels]}; unknown or ambiguous names -> 400 with "problems":
       [{line, text, error, suggestions, candidates}] (suggestions as `cards deck` gives them)
GET  /api/preview/<label>.png?layout=&part=&side=&continue_on_back=&dpi=
POST /api/preview  {"spell": label, "layout", "part", "side", "continue_on_back", "dpi", "add"}
    -> image/png as `cards preview` makes it: every part, fronts above backs; `part` (1, 2, ...,
       a physical card) and `side` ("front" or "back") pick one image; dpi 50-300 (300).
POST /api/lint     {"name": "druzina.txt", "text": "<the file's text>"}
    -> {"ok": true/false, "errors": [{line, kind, message, excerpt}], "warnings": [...],
        "spells": [labels]} (200 either way; "spells" is empty while there are errors)

Print options (all optional, as the `cards deck` options): "layout" (a name `cards layouts`
lists; poker), "sheet" ("a4", "letter" or "none"), "backs", "fold", "continue_on_back",
"print_shop" (booleans; "print_shop" may also name a PDF preset of layouts/tiskarny/, e.g.
"drivethrucards"), "duplex" ("long" or "short"), "back_offset" ([x, y] in mm, within ±5),
"bleed" (mm, 0-10, or null for the sheet's own).

Homebrew: the server keeps nothing between requests (it may run as several gunicorn workers).
The browser keeps the text of the user's spell files and sends them with every request that
needs them as "add": [{"name": "druzina.txt", "text": "..."}] (text or JSON, as --add takes).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from flask import Blueprint, Response, current_app, jsonify, request

from cards.errors import CardsError
from cards.inputs import MAX_DECK_SPELLS
from cards.messages import say
from cards.model import Spell
from cards.service import PrintSettings, SpellFile
from cards.web.records import ascii_summary, for_web, spell_record, summary_record

api = Blueprint("api", __name__, url_prefix="/api")

DECK_TITLE = say("deck_title")  # what `cards deck` prints as the title
SHEETS = ("a4", "letter", "none")
FLAGS = {"ano": True, "1": True, "true": True, "yes": True, "ne": False, "0": False}
FLAGS |= {"false": False, "no": False}
SORTS = ("name", "level", "school", "class")
MAX_SPELLS = MAX_DECK_SPELLS  # a deck is at most this many lines, as for `cards deck`
MAX_DPI = 300
FIELD_NAMES = {
    "spells": "kouzla",
    "spell": "kouzlo",
    "layout": "rozvržení",
    "sheet": "papír",
    "duplex": "oboustranný tisk",
    "back_offset": "posun rubu",
    "bleed": "spadávka",
    "part": "díl",
    "side": "strana",
    "dpi": "rozlišení",
    "class": "povolání",
    "level": "úroveň",
    "school": "škola",
    "source": "kniha",
    "ritual": "rituál",
    "concentration": "soustředění",
    "sort": "řazení",
    "add": "vlastní kouzla",
    "text": "text",
    "name": "název",
    "q": "hledat",
    "casting": "vyvolání",
    "range": "dosah",
    "duration": "trvání",
    "components": "složky",
    "words": "slova v textu",
}


class ApiError(CardsError):
    """A request the API refuses: status, a Czech message and the field at fault."""

    def __init__(self, message: str, field: str | None = None, status: int = 400, **extra):
        self.message = message
        self.field = field
        self.status = status
        self.extra = extra
        super().__init__(message)

    def response(self) -> tuple[Response, int]:
        """The error as JSON."""
        body = {"error": self.message}
        if self.field:
            body["field"] = self.field
        body.update(self.extra)
        return jsonify(body), self.status


def _bad(field: str, what: str, **extra) -> ApiError:
    """An error about one field: "papír (sheet): čekám a4, letter nebo none"."""
    return ApiError(
        say("api_field", name=FIELD_NAMES.get(field, field), field=field, what=what), field, **extra
    )


def engine():
    """The app's Engine (cards.web.engine.Engine): spells, labels, counts and the build pool."""
    return current_app.extensions["cards"]


@api.errorhandler(ApiError)
def _api_error(error: ApiError):
    return error.response()


@api.errorhandler(CardsError)
def _library_error(error: CardsError):
    """The library's refusals in Czech: bad homebrew or a character the fonts lack, a part."""
    from cards.service import PreviewChoice
    from cards.source.problems import CompendiumError

    if isinstance(error, CompendiumError):
        problems = [_lint_record(p) for p in error.problems if p.severity == "error"]
        lines = ", ".join(f"{p['text']}" for p in problems[:5])
        return ApiError(say("api_unusable", lines=lines), "add", problems=problems).response()
    if isinstance(error, PreviewChoice):
        return ApiError(say("api_no_preview", error=error), "part").response()
    return ApiError(say("api_refused", error=for_web(str(error)))).response()


# --- reading a request ----------------------------------------------------------------------


def _body() -> dict:
    """The JSON object of a POST (400 when it is not one)."""
    try:
        data = request.get_json(silent=True, force=True)
    except RecursionError:  # nested deeper than the parser's stack: not a request of ours
        data = None
    if not isinstance(data, dict):
        raise ApiError(say("api_not_json"))
    return data


def _text(data: dict, field: str, default: str | None = None, limit: int = 200) -> str | None:
    value = data.get(field, default)
    if value is None:
        return default
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise _bad(field, say("api_text", got=_kind(value)))
    value = str(value)
    if len(value) > limit:
        raise _bad(field, say("api_text_limit", limit=limit))
    return value


def _texts(data: dict, field: str) -> tuple[str, ...]:
    """A field that takes one text or a list of texts (class, school, source)."""
    value = data.get(field)
    if value in (None, ""):
        return ()
    values = value if isinstance(value, list) else [value]
    if not all(isinstance(v, str) and len(v) <= 200 for v in values):
        raise _bad(field, say("api_texts"))
    return tuple(v for v in values if v.strip())


def _print_shop(data: dict) -> dict:
    """Read "print_shop": a boolean (true: the default preset) or a PDF preset's name."""
    from cards.printshop import PresetError, list_presets, load_preset

    value = data.get("print_shop")
    if not isinstance(value, str) or value.strip().lower() in FLAGS:
        return {"print_shop": bool(_flag(data, "print_shop"))}
    try:
        shop = load_preset(value.strip())
    except PresetError:
        shop = None
    if shop is None or shop.format != "pdf":
        names = [n for n in list_presets() if load_preset(n).format == "pdf"]
        raise _bad("print_shop", say("api_print_shop_name", names=", ".join(names)))
    return {"print_shop": True, "shop": shop.name}


def _flag(data: dict, field: str, default: bool | None = False) -> bool | None:
    value = data.get(field)
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str | int) and str(value).strip().lower() in FLAGS:
        return FLAGS[str(value).strip().lower()]
    raise _bad(field, say("api_flag", got=_shown(value)))


def _number(data: dict, field: str, low: float, high: float, default=None, whole=False):
    value = data.get(field)
    if value is None or value == "":
        return default
    try:
        if isinstance(value, bool):
            raise ValueError
        number = int(value) if whole else float(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: int() of 1e999
        kind = say("api_whole") if whole else say("api_a_number")
        raise _bad(field, say("api_expected", kind=kind, got=_shown(value))) from None
    if not math.isfinite(number) or not low <= number <= high:
        raise _bad(field, say("api_range", low=f"{low:g}", high=f"{high:g}", got=_shown(value)))
    return number


def _choice(data: dict, field: str, choices: Sequence[str], default: str) -> str:
    value = _text(data, field, default) or default
    if value.lower() not in choices:
        raise _bad(field, say("api_expected", kind=_either(choices), got=_shown(value)))
    return value.lower()


def _layout(data: dict) -> str:
    from cards.layout import list_layouts

    return _choice(data, "layout", list_layouts(), "poker")


def request_files(data: dict) -> tuple[SpellFile, ...]:
    """The browser's own spell files ("add": [{"name", "text"}])."""
    value = data.get("add") or []
    if not isinstance(value, list):
        raise _bad("add", say("api_files"))
    files = []
    for number, item in enumerate(value, start=1):
        if not (
            isinstance(item, dict)
            and isinstance(item.get("text"), str)
            and isinstance(item.get("name", ""), str)
        ):
            raise _bad("add", say("api_file", number=number))
        name = safe_name(item.get("name") or f"vlastni-{number}.txt")
        files.append(SpellFile(name, item["text"]))
    return tuple(files)


def safe_name(name: str) -> str:
    """A file name to show in messages: no folders, no control characters, not too long."""
    name = re.sub(r"[\x00-\x1f\x7f]", "", name.replace("\\", "/").rsplit("/", 1)[-1])
    return name[:100] or "vlastni.txt"


def print_settings(data: dict) -> PrintSettings:
    """Read the print options of a request (see the module docstring) into PrintSettings."""
    offset = data.get("back_offset") or [0, 0]
    if not (isinstance(offset, list) and len(offset) == 2):
        raise _bad("back_offset", say("api_offset"))
    from cards.calibrate import SCALE_RANGE

    if not all(isinstance(v, int | float | str) and not isinstance(v, bool) for v in offset):
        raise _bad("back_offset", say("api_offset"))  # null, true, a list: no number
    x, y = (_number({"back_offset": v}, "back_offset", -SCALE_RANGE, SCALE_RANGE) for v in offset)
    settings = PrintSettings(
        layout=_layout(data),
        sheet=_choice(data, "sheet", SHEETS, "a4") if data.get("sheet") else None,
        backs=_flag(data, "backs"),
        duplex=_choice(data, "duplex", ("long", "short"), "long"),
        back_offset=(x, y),
        fold=_flag(data, "fold"),
        bleed=_number(data, "bleed", 0, 10),
        continue_on_back=_flag(data, "continue_on_back"),
        **_print_shop(data),
    )
    if settings.print_shop and settings.sheet not in (None, "none"):
        raise _bad("sheet", say("api_print_shop"))
    if settings.fold and settings.single_cards:
        raise _bad("fold", say("sheet_fold_needs"))
    return settings


def _labels(data: dict, field: str = "spells") -> list[str]:
    value = data.get(field)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _bad(field, say("api_labels"))
    if len(value) > MAX_SPELLS:
        raise _bad(field, say("api_labels_limit", limit=MAX_SPELLS))
    return [" ".join(v.split()) for v in value]


def resolve_labels(
    labels: Sequence[str], every: Sequence[Spell], field: str = "spells"
) -> tuple[Spell, ...]:
    """Find the spells of a deck's lines as `cards deck` does; 400 naming every unknown one."""
    from cards.select import DeckError, resolve_deck

    if not any(label.strip() for label in labels):
        raise _bad(field, say("api_empty_deck"))
    within_deck_limit(labels, field)
    try:
        return resolve_deck(labels, every, origin=field).spells
    except DeckError as error:
        problems = [_problem(p) for p in error.problems]
        message = "; ".join(p["error"] for p in problems) or say("api_no_spell")
        raise _bad(field, message, problems=problems) from None


def within_deck_limit(lines: Sequence[str], field: str) -> None:
    """Refuse a list of more spells than `cards deck` takes, before any name is matched."""
    from cards.select import named_lines

    if sum(1 for _ in named_lines(lines)) > MAX_SPELLS:
        raise _bad(field, say("api_labels_limit", limit=MAX_SPELLS))


def _problem(problem) -> dict:
    """A deck line that names no spell (or two), in Czech, with the CLI's suggestions."""
    if problem.candidates:
        text = f"„{problem.text}“ je ve více knihách: napište {_either(problem.candidates, '„')}"
    elif problem.suggestions:
        text = f"neznámé kouzlo „{problem.text}“; nejbližší: {', '.join(problem.suggestions)}"
    elif " is not in " in problem.message:
        text = f"„{problem.text}“: kouzlo v uvedené knize není ({problem.message})"
    else:
        text = f"neznámé kouzlo „{problem.text}“"
    return {
        "line": problem.line,
        "text": problem.text,
        "error": text,
        "suggestions": list(problem.suggestions),
        "candidates": list(problem.candidates),
    }


def _either(choices: Sequence[str], quote: str = "") -> str:
    close = "“" if quote == "„" else quote
    shown = [f"{quote}{c}{close}" for c in choices]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " nebo " + shown[-1]


def _shown(value) -> str:
    text = str(value)
    return f"„{text[:59] + '…' if len(text) > 60 else text}“"


def _kind(value) -> str:
    return {list: "seznam", dict: "objekt", bool: "true/false"}.get(type(value), "číslo")


# --- the routes -----------------------------------------------------------------------------


def _filters(data: dict, books: Sequence[str] = ()) -> dict:
    """The CLI's filters from a request, each name checked (400 naming the field); `books`:
    the books of the own spells a source may name too."""
    from cards.select import (
        SelectionError,
        parse_levels,
        resolve_class,
        resolve_school,
        resolve_source,
    )

    filters = {}
    for field, key, resolve in (
        ("class", "classes", resolve_class),
        ("school", "schools", resolve_school),
        ("source", "sources", lambda name: resolve_source(name, books)),
    ):
        names = _texts(data, field)
        try:
            filters[key] = tuple(resolve(name) for name in names)
        except SelectionError as error:
            raise _bad(field, say("api_unknown_name", error=error)) from None
    level = _text(data, "level", "") or ""
    if level.strip():
        try:
            filters["levels"] = parse_levels(level.strip())
        except SelectionError:
            what = say("api_level", got=_shown(level))
            raise _bad("level", what) from None
    filters["ritual"] = _flag(data, "ritual", None)
    filters["concentration"] = _flag(data, "concentration", None)
    return filters


def narrow_details(spells: Sequence[Spell], data: dict) -> tuple[Spell, ...]:
    """Keep the spells the detail filters allow (cards.spellfilters.narrow)."""
    from cards.spellfilters import FilterError, narrow

    fields = {"casting": "casting", "ranges": "range", "durations": "duration"}
    chosen = {key: _texts(data, field) for key, field in fields.items()}
    try:
        words = _text(data, "words", "") or ""
        return narrow(spells, **chosen, components=_texts(data, "components"), text=words)
    except FilterError as error:
        raise _bad(error.field, str(error)) from None


def list_spells(data: dict, *, counts: bool = True) -> list[dict]:
    """The spells a filtered list shows (GET and POST /api/spells); counts=False: no "cards"
    (the page's first results come before the compendium's cards are counted)."""
    from cards.select import books_of, select_spells, sort_spells
    from cards.service import search_spells

    every, labels = engine().spells(request_files(data))
    filters = _filters(data, books_of(every))
    sort = _choice(data, "sort", SORTS, "name")
    layout = _layout(data)
    cob = _flag(data, "continue_on_back")
    found = sort_spells(narrow_details(select_spells(every, **filters), data), by=sort)
    found = search_spells(found, _text(data, "q", "") or "")  # best matches first, then sorted
    if not counts:
        return [spell_record(spell, labels[spell]) for spell in found]
    cards = engine().card_counts(found, layout, cob)
    pairs = zip(found, cards, strict=True)
    return [spell_record(spell, labels[spell], number) for spell, number in pairs]


@api.get("/spells")
def spells_get():
    """The filtered list, from the query string (class, school, source repeatable)."""
    data = {key: request.args.get(key) for key in request.args}
    for key in ("class", "school", "source", "casting", "range", "duration", "components"):
        data[key] = request.args.getlist(key)
    return jsonify(list_spells(data))


@api.post("/spells")
def spells_post():
    """The filtered list, with the browser's own spells ("add")."""
    return jsonify(list_spells(_body()))


def deck_request(data: dict) -> tuple[tuple[Spell, ...], PrintSettings]:
    """A deck's spells and print options from a request."""
    settings = print_settings(data)
    every, _ = engine().spells(request_files(data))
    return resolve_labels(_labels(data), every), settings


@api.post("/count")
def count():
    """A deck's live count: spells, cards, sheets and the Czech line."""
    data = _body()
    settings = print_settings(data)
    every, _ = engine().spells(request_files(data))
    labels = _labels(data)
    spells = resolve_labels(labels, every) if any(label.strip() for label in labels) else ()
    return jsonify(summary_record(engine().count(spells, settings)))


@api.post("/pdf")
def pdf():
    """The deck's PDF, as `cards deck` prints it."""
    data = _body()
    spells, settings = deck_request(data)
    index = _flag(data, "index")
    built = engine().pdf(spells, settings, title=DECK_TITLE, index=index)
    response = Response(built.data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = 'attachment; filename="balicek.pdf"'
    response.headers["X-Cards-Summary"] = ascii_summary(built.summary)
    return response


def within_card_bound(spells: Sequence[Spell], settings: PrintSettings) -> None:
    """Refuse (413) a deck of more cards than a server builds, before any build starts."""
    from cards.web.app import MAX_CARDS

    cards = sum(engine().card_counts(spells, settings.layout, settings.continue_on_back))
    if cards > MAX_CARDS:
        limit, count = (f"{n:,}".replace(",", " ") for n in (MAX_CARDS, cards))
        raise ApiError(say("server_too_many_cards", cards=count, limit=limit), "spells", 413)


@api.post("/deck-file")
def deck_file():
    """The deck as a `cards deck` file: one label a line."""
    data = _body()
    every, labels = engine().spells(request_files(data))
    spells = resolve_labels(_labels(data), every)
    text = "".join(f"{labels[spell]}\n" for spell in spells)
    response = Response(text, mimetype="text/plain")
    response.headers["Content-Disposition"] = 'attachment; filename="balicek.txt"'
    return response


@api.post("/read-list")
def read_list():
    """Read a `cards deck` file the user uploads: its spells' labels, or every bad line."""
    from cards.service import DeckFileError, decode_lines

    data = _body()
    text = _text(data, "text", "", limit=2 * 1024 * 1024) or ""
    try:
        lines = decode_lines(text.encode("utf-8"), safe_name(_text(data, "name") or "seznam"))
    except DeckFileError as error:  # pragma: no cover - text from JSON is always UTF-8
        raise _bad("text", str(error)) from None
    every, labels = engine().spells(request_files(data))
    spells = resolve_labels(lines, every, field="text")
    return jsonify({"spells": [labels[spell] for spell in spells]})


def _preview(data: dict, label: str):
    every, _ = engine().spells(request_files(data))
    spell = resolve_labels([label], every, field="spell")[0]
    side = data.get("side") or None
    if side is not None:
        side = _choice(data, "side", ("front", "back"), "front")
    png = engine().preview(
        spell,
        layout=_layout(data),
        dpi=_number(data, "dpi", 50, MAX_DPI, MAX_DPI, whole=True),
        part=_number(data, "part", 1, 100, None, whole=True),
        side=side,
        continue_on_back=_flag(data, "continue_on_back"),
    )
    return Response(png, mimetype="image/png")


@api.get("/preview/<path:label>.png")
def preview_get(label: str):
    """A spell's preview PNG."""
    response = _preview(dict(request.args), label)
    response.headers["Cache-Control"] = "private, max-age=600"
    return response


@api.post("/preview")
def preview_post():
    """A preview of any spell, the browser's own included ("add")."""
    data = _body()
    return _preview(data, _text(data, "spell", "") or "")


@api.post("/lint")
def lint():
    """Check an uploaded spell file: its problems with line numbers, and its spells when clean."""
    from cards.service import lint_spell_files, spell_labels

    data = _body()
    name = safe_name(_text(data, "name") or "vlastni.txt")
    text = _text(data, "text", "", limit=2 * 1024 * 1024) or ""
    base = engine().base
    added, problems = lint_spell_files(base, (SpellFile(name, text),))
    errors = [p for p in problems if p.severity == "error"]
    if not added and not errors:
        errors = [empty_problem(name)]
    labels = spell_labels((*base, *added)) if not errors else {}
    return jsonify(
        {
            "ok": not errors,
            "errors": [_lint_record(p) for p in errors],
            "warnings": [_lint_record(p) for p in problems if p.severity != "error"],
            "spells": [labels[s] for s in added] if not errors else [],
        }
    )


def empty_problem(name: str):
    """The problem of an uploaded file that holds no spell (as `cards lint` names it)."""
    from cards.messages import say
    from cards.source.problems import Problem

    return Problem(name, 1, "empty", say("empty_file"))


def _lint_record(problem) -> dict:
    return {
        "line": problem.line,
        "kind": problem.kind,
        "message": problem.message,
        "excerpt": problem.excerpt,
        "text": str(problem),
    }
