"""The text format (data/kouzla.txt), both ways: text -> Spell records with problems, and back.

Lines are separated by blank lines; an optional title line; then per spell the Czech name, the
English name (absent for spells found only in "Jeskyně a draci"), the source line,
"<škola> N. úrovně [(rituál)]", the five field lines "Vyvolání:", "Dosah:", "Složky:",
"Trvání:", "Povolání:", and the description up to the next spell's name.

Names are decided by the structure of a record, never by the characters they contain: the run of
field lines anchors a spell, the level line and the source line stand right above it, and above
those stand two name lines (Czech, English), or one for a spell found only in Jeskyně a draci.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cards.inputs import nfc
from cards.messages import say
from cards.model import (
    CLASSES,
    CONCENTRATION,
    SCHOOLS,
    SOURCES,
    BlockVisitor,
    BulletList,
    Components,
    Heading,
    Origin,
    Paragraph,
    Spell,
    Table,
)
from cards.source.decode import split_lines
from cards.source.description import parse_description
from cards.source.duplicates import duplicates
from cards.source.lines import (
    BULLET,
    FIELD_LABELS,
    FIELD_RE,
    LEVEL_RE,
    MAX_LEVEL,
    SOURCES_PLAIN,
    is_field_line,
    is_level_line,
    is_record_line,
    is_source_line,
    parse_sources,
    plain,
)
from cards.source.problems import Collector, Compendium, Line, shorten
from cards.source.wording import wording_problems

_COMPONENTS_RE = re.compile(r"^(?P<flags>[A-Z](?:\s*,\s*[A-Z])*)(?:\s*\((?P<material>.*)\))?$")
# Letters of Czech that English names never have (á é í ó ú ý occur in borrowed words).
_CZECH_ONLY = set("čďěňřšťůžČĎĚŇŘŠŤŮŽ")
# A name longer than this is an error (the lines above the source line are the names by
# structure, however long: a long one is not silently read as the spell above's paragraph).
MAX_NAME = 120


def _has_czech_letters(text: str) -> bool:
    return any(char in _CZECH_ONLY for char in text)


@dataclass(frozen=True)
class _Header:
    name: Line | None
    name_en: Line | None
    source: Line | None
    level: Line | None
    first: int  # index in the line list where the header starts
    bad_level: Line | None = None  # what stands where the level line should be


def _find_header(lines: list[Line], run_start: int, floor: int) -> _Header:
    """Take the level, source and name lines above a run of field lines (not above floor).

    The names are decided by the record's structure, not by their characters: a spell found
    only in Jeskyně a draci has one name line (Czech) above its source line, every other spell
    two (Czech, then English).
    """
    i = run_start - 1
    level = source = name = name_en = bad_level = None
    if i >= floor and is_level_line(lines[i].text):
        level = lines[i]
        i -= 1
    elif i - 1 >= floor and is_source_line(lines[i - 1].text):
        bad_level = lines[i]  # a level line in the wrong form, under its source line
        i -= 1
    if i >= floor and (level is not None or is_source_line(lines[i].text)):
        source = lines[i]
        i -= 1
    sources = parse_sources(source.text)[0] if source else ()
    wanted = 1 if sources == ("Jeskyně a draci",) else 2
    names: list[Line] = []
    while len(names) < wanted and i >= floor:
        line = lines[i]
        # A "|" line stands where a name must: it is that name (refused in _check_names), not
        # a table row that would shift the English name into the Czech one.
        if is_record_line(line.text) and not line.text.startswith("|"):
            break
        names.insert(0, line)
        i -= 1
    if len(names) == 2:
        name, name_en = names
    elif names:
        name = names[0]
    return _Header(name, name_en, source, level, i + 1, bad_level)


def _field_runs(lines: list[Line]) -> list[tuple[int, int]]:
    """Index ranges [start, end) of consecutive field lines."""
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(lines):
        if is_field_line(lines[i].text):
            start = i
            while i < len(lines) and is_field_line(lines[i].text):
                i += 1
            runs.append((start, i))
        else:
            i += 1
    return runs


def _parse_components(value: str, line: Line, out: Collector) -> Components | None:
    match = _COMPONENTS_RE.match(value)
    flags = re.split(r"\s*,\s*", match.group("flags")) if match else []
    ordered = [f for f in ("V", "P", "S") if f in flags]
    if not match or flags != ordered:
        out.error(
            line.number,
            "components",
            say("bad_components"),
            line.text,
        )
        return None
    material = match.group("material")
    if material is not None and "S" not in flags:
        out.error(line.number, "components", say("material_without_s"), line.text)
        return None
    return Components("V" in flags, "P" in flags, "S" in flags, (material or "").strip())


def _parse_level(line: Line, out: Collector) -> tuple[str, int, bool] | None:
    match = LEVEL_RE.match(line.text)
    if match is None:
        return None
    if match.group("school0"):
        school, level, ritual = match.group("school0"), 0, bool(match.group("ritual0"))
    else:
        school, level = match.group("school"), int(match.group("level"))
        ritual = bool(match.group("ritual"))
    ok = True
    if school not in SCHOOLS:
        out.error(
            line.number,
            "school",
            say("unknown_school", school=school, schools=", ".join(SCHOOLS)),
            line.text,
        )
        ok = False
    if level > MAX_LEVEL:
        out.error(line.number, "level", say("level_range", level=level, top=MAX_LEVEL), line.text)
        ok = False
    return (school, level, ritual) if ok else None


def _parse_fields(run: list[Line], out: Collector) -> tuple[dict[str, str], dict[str, Line], bool]:
    values: dict[str, str] = {}
    where: dict[str, Line] = {}
    ok = True
    for line in run:
        match = FIELD_RE.match(line.text)
        assert match is not None
        label, value = match.group(1), match.group(2).strip()
        if label in values:
            out.error(line.number, "field", say("field_twice", label=label), line.text)
            ok = False
            continue
        if not value:
            out.error(line.number, "field", say("field_empty", label=label), line.text)
            ok = False
        values[label], where[label] = value, line
    present = [label for label in FIELD_LABELS if label in values]
    missing = [label for label in FIELD_LABELS if label not in values]
    if missing:
        # Point at the field line that should have come after the first missing one.
        after = FIELD_LABELS[FIELD_LABELS.index(missing[0]) + 1 :]
        shown = next((where[label] for label in after if label in where), run[-1])
        out.error(
            shown.number,
            "missing-field",
            say(
                "fields_missing",
                missing=", ".join(m + ":" for m in missing),
                fields=", ".join(f + ":" for f in FIELD_LABELS),
            ),
            shown.text,
        )
        ok = False
    elif [label for label in values if label in present] != present:
        out.error(
            run[0].number,
            "field-order",
            say("fields_order", fields=", ".join(f + ":" for f in FIELD_LABELS)),
            run[0].text,
        )
        ok = False
    return values, where, ok


def _parse_classes(line: Line, value: str, out: Collector) -> tuple[str, ...] | None:
    classes = tuple(c for c in re.split(r"\s*,\s*", value) if c)
    unknown = [c for c in classes if c not in CLASSES]
    if unknown:
        out.error(
            line.number,
            "class",
            say("unknown_class", classes=", ".join(map(repr, unknown)), known=", ".join(CLASSES)),
            line.text,
        )
        return None
    if len(set(classes)) != len(classes):
        out.error(line.number, "class", say("class_twice"), line.text)
        return None
    return classes


def _check_source(header: _Header, at: int, out: Collector) -> tuple[str, ...]:
    """Read the books of a record's source line; report a missing line and unknown books."""
    if header.source is None:
        out.error(
            header.level.number if header.level else at,
            "missing-field",
            say("no_source_line", example=SOURCES[0]),
            header.level.text if header.level else "",
        )
        return ()
    line = header.source
    sources, unknown = parse_sources(line.text)
    for written in re.split(r"\s*,\s*", line.text):
        if written and written not in SOURCES and written not in unknown:
            book = SOURCES_PLAIN[plain(written)]
            message = say("book_without_diacritics", written=written, book=book)
            out.warning(line.number, "source", message, line.text)
    books, known = ", ".join(map(repr, unknown)), ", ".join(SOURCES)
    if unknown and out.any_book:
        out.warning(line.number, "source", say("own_book", books=books, known=known), line.text)
    elif unknown:
        out.error(line.number, "source", say("unknown_source", books=books, known=known), line.text)
    return sources


def _check_names(header: _Header, at: int, out: Collector) -> None:
    """Report a record without a name line, a name that starts with "|" (the form of a table
    row) or is too long, and Czech letters in English."""
    if header.name is None:
        out.error(at, "structure", say("no_name_line"), "")
    for line, which in ((header.name, say("czech_name")), (header.name_en, say("english_name"))):
        if line is not None and line.text.startswith("|"):
            out.error(line.number, "name", say("name_starts_with_bar", which=which), line.text)
        elif line is not None and len(line.text) > MAX_NAME:
            message = say("name_too_long", which=which, length=len(line.text), limit=MAX_NAME)
            out.error(line.number, "name", message, shorten(line.text))
    if header.name_en is not None and _has_czech_letters(header.name_en.text):
        line = header.name_en
        out.error(line.number, "name", say("czech_letters_in_english"), line.text)


def _check_ending_heading(blocks: tuple, out: Collector) -> None:
    """Report a description that ends in headings with no text after them, at the first."""
    if blocks and isinstance(blocks[-1], Heading):
        trailing = len(blocks)
        while trailing > 0 and isinstance(blocks[trailing - 1], Heading):
            trailing -= 1
        out.error(blocks[trailing].line, "structure", say("ends_in_heading"), blocks[trailing].text)


def _build_spell(
    header: _Header, run: list[Line], description: list[Line], out: Collector
) -> Spell | None:
    """Make one Spell from its lines, or report why not."""
    before = len(out.problems)
    first = header.name or (run[0] if run else None)
    at = first.number if first else 0
    _check_names(header, at, out)
    if header.level is None:
        shown = header.bad_level or (run[0] if run else first)
        found = say("found_this") if header.bad_level else ""
        out.error(
            shown.number if shown else 0,
            "missing-field",
            say("no_level_line", found=found),
            shown.text if shown else "",
        )
    sources = _check_source(header, at, out)
    level = _parse_level(header.level, out) if header.level else None
    values, where, fields_ok = _parse_fields(run, out)
    components = classes = None
    if values.get("Složky"):
        components = _parse_components(values["Složky"], where["Složky"], out)
    if values.get("Povolání"):
        classes = _parse_classes(where["Povolání"], values["Povolání"], out)
    blocks = parse_description(description, out, level[1] if level is not None else None)
    _check_ending_heading(blocks, out)
    if not blocks and fields_ok:
        last = run[-1]
        out.error(
            last.number,
            "description",
            say("no_description"),
            last.text,
        )
    if header.name is not None and sources and header.name_en is None:
        if sources != ("Jeskyně a draci",):
            out.warning(
                header.name.number,
                "name",
                say("no_english_name"),
                header.name.text,
            )
    if any(p.severity == "error" for p in out.problems[before:]):
        return None
    assert header.name and level and fields_ok and components and classes is not None
    school, number, ritual = level
    return Spell(
        name=header.name.text,
        name_en=header.name_en.text if header.name_en else "",
        sources=sources,
        school=school,
        level=number,
        ritual=ritual,
        casting_time=values["Vyvolání"],
        range=values["Dosah"],
        components=components,
        duration=values["Trvání"],
        concentration=CONCENTRATION in values["Trvání"],
        classes=classes,
        blocks=blocks,
        origin=Origin(out.file, header.name.number, _field_lines(header, where)),
    )


def _field_lines(header: _Header, where: dict[str, Line]) -> tuple[tuple[str, int], ...]:
    """Return the line of each printed field by the Czech name the fitter's errors give it."""
    lines = {label.lower(): line.number for label, line in where.items()}
    if "složky" in lines:
        lines["materiální složka"] = lines["složky"]
    if header.name_en is not None:
        lines["anglický název"] = header.name_en.number
    if header.source is not None:
        lines["zdroj (kniha)"] = header.source.number
    assert header.name is not None
    lines["název"] = header.name.number
    return tuple(sorted(lines.items()))


def _check_ending(text: str, lines: list[Line], out: Collector) -> None:
    last = lines[-1]
    if not text.endswith(("\n", "\r")) and not last.text.endswith((".", "!", "?", ")", "|", "“")):
        # A line cut in two is the one problem to report at that line.
        out.problems = [p for p in out.problems if p.line != last.number]
        out.error(
            last.number,
            "truncated",
            say("truncated"),
            last.text,
        )


def parse_compendium(text: str, file: str = "<text>", *, any_book: bool = False) -> Compendium:
    """Parse compendium text into spells, collecting every problem instead of stopping.

    any_book=True accepts books other than the known ones (with a warning), for added files.
    """
    out = Collector(file, any_book)
    lines = split_lines(nfc(text), out)  # one spelling of every name, as in JSON
    if not lines:
        out.error(1, "empty", say("empty_file"))
        return Compendium(file, (), tuple(out.problems))
    runs = _field_runs(lines)
    if not runs:
        out.error(
            lines[0].number,
            "structure",
            say("no_spell"),
            lines[0].text,
        )
        return Compendium(file, (), tuple(out.problems))
    headers: list[_Header] = []
    floor = 0
    for start, end in runs:
        headers.append(_find_header(lines, start, floor))
        floor = end
    spells: list[Spell] = []
    title = tuple(line.text for line in lines[: headers[0].first])
    for k, ((start, end), header) in enumerate(zip(runs, headers, strict=True)):
        stop = headers[k + 1].first if k + 1 < len(runs) else len(lines)
        spell = _build_spell(header, lines[start:end], lines[end:stop], out)
        if spell is not None:
            spells.append(spell)
    out.problems += duplicates(spells)
    for finding in wording_problems(spells, [(line.number, line.text) for line in lines]):
        out.warning(finding.line, finding.kind, finding.message, finding.excerpt)
    _check_ending(text, lines, out)
    problems = sorted(out.problems, key=lambda p: p.line)
    return Compendium(file, tuple(spells), tuple(problems), title)


def _components_text(components: Components) -> str:
    flags = [f for f, on in zip("VPS", _flags(components), strict=True) if on]
    text = ", ".join(flags)
    return f"{text} ({components.material_text})" if components.material_text else text


def _flags(components: Components) -> tuple[bool, bool, bool]:
    return components.verbal, components.somatic, components.material


def _level_text(spell: Spell) -> str:
    text = f"{spell.school} {spell.level}. úrovně"
    return text + " (rituál)" if spell.ritual else text


class _BlockText(BlockVisitor[str]):
    """A block as the lines of the text format (joined by single newlines inside a block)."""

    def paragraph(self, block: Paragraph) -> str:
        heading = block.written_heading
        return f"{heading} {block.text}".strip() if heading else block.text

    def heading(self, block: Heading) -> str:
        return block.text

    def bullets(self, block: BulletList) -> str:
        return "\n".join(f"  {BULLET} {item}" for item in block.items)

    def table(self, block: Table) -> str:
        rows = [block.header, tuple("---" for _ in block.header), *block.rows]
        return "\n".join("| " + " | ".join(row) + " |" for row in rows)


_BLOCK_TEXT = _BlockText()


def spell_lines(spell: Spell) -> list[str]:
    """Rebuild the lines a spell was read from, in the compendium's own format."""
    lines = [spell.name]
    if spell.name_en:
        lines.append(spell.name_en)
    lines += [
        ", ".join(spell.sources),
        _level_text(spell),
        f"Vyvolání: {spell.casting_time}",
        f"Dosah: {spell.range}",
        f"Složky: {_components_text(spell.components)}",
        f"Trvání: {spell.duration}",
        f"Povolání: {', '.join(spell.classes)}",
    ]
    lines += [block.accept(_BLOCK_TEXT) for block in spell.blocks]
    return lines


def spell_text(spell: Spell) -> str:
    """Rebuild a spell's text in the compendium format (lines separated by blank lines)."""
    return "\n\n".join(spell_lines(spell)) + "\n"


def compendium_text(compendium: Compendium) -> str:
    """Rebuild a whole compendium file from its title and spells."""
    parts = list(compendium.title) + [spell_text(s).rstrip("\n") for s in compendium.spells]
    return "\n\n".join(parts) + "\n"
