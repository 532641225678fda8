"""The page's editor of the player's own spells: a form -> the `--add` text -> the library.

The form's fields are written as the compendium's text format (the file `cards … --add` reads),
that text is checked by the same lint as `cards lint --add`, and the spell is drawn by the same
preview as `cards preview`; each problem is shown beside the field whose line it names. The
exports are that text and the JSON `cards list --json` prints for the spell.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass

from flask import Blueprint, Response, jsonify, render_template, request

from cards.errors import CardsError
from cards.messages import say
from cards.model import CLASSES, SCHOOLS
from cards.web import api

editor = Blueprint("editor", __name__, template_folder="templates")

DEFAULT_BOOK = "Vlastní kouzla"
FILE_NAME = "editor.txt"  # the name problems give for the editor's text
FIELDS = {
    field: say(f"editor_field_{field}")
    for field in (
        "name", "name_en", "book", "level", "casting_time", "range", "components", "duration",
        "classes", "description", "higher",
    )
}  # fmt: skip


@dataclass(frozen=True)
class Source:
    """A spell's text in the `--add` format and which field each of its lines came from."""

    text: str
    fields: tuple[str, ...]  # fields[n - 1]: the field of line n

    def field_of(self, line: int) -> str:
        """The field a problem's line number belongs to (the description when past the end)."""
        return self.fields[line - 1] if 0 < line <= len(self.fields) else "description"


def _one_line(value: str) -> str:
    return " ".join(value.split())


def spell_source(form) -> Source:
    """Write the editor's fields as a spell in the compendium's text format."""
    parts: list[tuple[str, str]] = [("name", _one_line(form.get("name", "")))]
    # Without a Czech name the English one would be read as the Czech: left out, the lint
    # then names the missing name.
    if parts[0][1] and _one_line(form.get("name_en", "")):
        parts.append(("name_en", _one_line(form["name_en"])))
    parts.append(("book", _one_line(form.get("book", "")) or DEFAULT_BOOK))
    level = f"{form.get('school', '')} {form.get('level', '0')}. úrovně"
    parts.append(("level", level + (" (rituál)" if form.get("ritual") else "")))
    parts.append(("casting_time", f"Vyvolání: {_one_line(form.get('casting_time', ''))}"))
    parts.append(("range", f"Dosah: {_one_line(form.get('range', ''))}"))
    flags = ", ".join(key for key in ("V", "P", "S") if form.get(f"component_{key}"))
    material = _one_line(form.get("material", ""))
    parts.append(("components", f"Složky: {flags}" + (f" ({material})" if material else "")))
    duration = _one_line(form.get("duration", ""))
    if form.get("concentration") and "soustředění" not in duration:
        duration += " (soustředění)"
    parts.append(("duration", f"Trvání: {duration}"))
    parts.append(("classes", f"Povolání: {', '.join(form.getlist('classes'))}"))
    description = form.get("description", "").replace("\r\n", "\n").strip()
    for block in (b.strip("\n") for b in description.split("\n\n")):
        if block.strip():
            parts.append(("description", block))
    higher = _one_line(form.get("higher", ""))
    if higher:
        parts.append(("higher", f"Na vyšších úrovních. {higher}"))
    fields: list[str] = []
    for number, (field, text) in enumerate(parts):
        if number:
            fields.append(field)  # the blank line before a block is counted with it
        fields += [field] * (text.count("\n") + 1)
    return Source("\n\n".join(text for _, text in parts) + "\n", tuple(fields))


def checked(form, file: str = FILE_NAME):
    """The editor's spell and its problems by field (errors and warnings, Czech).

    file: the name the spell's origin gives (an export's own name).
    """
    from cards.service import SpellFile, lint_spell_files

    source = spell_source(form)
    added, problems = lint_spell_files(api.engine().base, (SpellFile(file, source.text),))
    by_field: dict[str, list[tuple[str, str]]] = {}
    for problem in problems:
        # A record without a name is reported at its header's line: it belongs to "Název".
        missing_name = problem.message == say("no_name_line")
        field = "name" if missing_name else source.field_of(problem.line)
        by_field.setdefault(field, []).append((problem.severity, problem.message))
    errors = any(p.severity == "error" for p in problems) or len(added) != 1
    return (None if errors else added[0]), by_field, source


@editor.post("/editor/nahled")
def preview():
    """The editor's spell drawn by the engine, with the lint's messages beside the fields."""
    from cards.web.pages import PREVIEW_DPI, css_width, pixel_ratio

    form = request.form
    spell, by_field, _ = checked(form)
    source, width = "", 0
    if spell is not None:
        try:
            settings = api.print_settings({"layout": form.get("layout") or "poker"})
            ratio = pixel_ratio(form)
            png = api.engine().preview(
                spell, layout=settings.layout, dpi=round(PREVIEW_DPI * ratio)
            )
            source = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
            width = css_width(png, ratio)
        except CardsError as error:
            by_field.setdefault("description", []).append(("error", str(error)))
            spell = None
    return render_template(
        "_editor.html",
        spell=spell,
        fields=FIELDS,
        by_field=by_field,
        source=source,
        width=width,
    )


def own_spells(text: str, name: str) -> tuple:
    """The spells of a file of the player's own spells; () when it has an error."""
    from cards.service import SpellFile, lint_spell_files

    if not text.strip():
        return ()
    spells, problems = lint_spell_files(api.engine().base, (SpellFile(api.safe_name(name), text),))
    return () if any(p.severity == "error" for p in problems) else spells


def joined_text(spells) -> str:
    """Spells as one file of the --add text format."""
    from cards.source.text import spell_text

    return "\n\n".join(spell_text(s).rstrip("\n") for s in spells) + "\n" if spells else ""


@editor.post("/vlastni/spojit")
def merge():
    """The browser's own spells with a share link's: the link's spells of new names added."""
    form = request.form
    own = own_spells(form.get("homebrew", ""), form.get("homebrew_name", "") or "vlastni.txt")
    incoming = own_spells(form.get("incoming", ""), "ze-sdileni.txt")
    names = {spell.name for spell in own}
    added = [spell for spell in incoming if spell.name not in names]
    name = form.get("homebrew_name", "") if own else "vlastni-kouzla.txt"
    return jsonify(
        {"name": name or "vlastni-kouzla.txt", "text": joined_text((*own, *added)),
         "added": [spell.name for spell in added]}
    )  # fmt: skip


@editor.post("/editor/ulozit")
def save():
    """The browser's own spells with the editor's spell added (or put in place of its name)."""
    spell, _, source = checked(request.form)
    if spell is None:
        return jsonify({"error": say("editor_has_errors")}), 400
    form = request.form
    own = own_spells(form.get("homebrew", ""), form.get("homebrew_name", "") or "vlastni.txt")
    kept = [s for s in own if s.name != spell.name]
    text = joined_text(kept) + "\n" if kept else ""
    return jsonify({"name": "vlastni-kouzla.txt", "text": text + source.text, "spell": spell.name})


@editor.post("/editor/export")
def export():
    """The editor's spell as an `--add` file: the text format, or `cards list --json`'s JSON."""
    from cards.czech_text import slug
    from cards.source.json import spell_to_dict

    name = slug(" ".join(request.form.get("name", "").split()), "kouzlo")
    spell, _, source = checked(request.form, f"{name}.txt")  # the JSON's origin: the text file
    if spell is None:
        return say("editor_has_errors"), 400, {"Content-Type": "text/plain; charset=utf-8"}
    if request.form.get("format") == "json":
        text = json.dumps([spell_to_dict(spell)], ensure_ascii=False, indent=2) + "\n"
        data, mimetype, name = text.encode("utf-8"), "application/json", f"{name}.json"
    else:
        data, mimetype, name = source.text.encode("utf-8"), "text/plain", f"{name}.txt"
    response = Response(data, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def editor_choices() -> dict:
    """What the editor's form offers: schools, classes, levels."""
    return {"schools": SCHOOLS, "classes": CLASSES, "levels": range(10), "book": DEFAULT_BOOK}
