"""The JSON format, both ways: the records `cards list --json` prints, checked by their schema.

A JSON spell file is an array of records described by schema/spell.schema.json. Reading checks
each record against the schema, then what the schema cannot say (concentration, table rows,
books, characters, dice); every bad record is named by its index, name, key and line. Writing
gives the same records, English snake_case keys in a stable order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from cards.errors import CardsError
from cards.inputs import MAX_DEPTH, MAX_DIGITS, nfc
from cards.messages import CATALOGUE, say
from cards.model import (
    CONCENTRATION,
    SOURCES,
    Block,
    BlockVisitor,
    BulletList,
    Components,
    Heading,
    Origin,
    Paragraph,
    Spell,
    Table,
)
from cards.resources import resource
from cards.source.decode import check_line
from cards.source.duplicates import duplicates
from cards.source.problems import Compendium, Problem

SCHEMA = resource("schema", "spell.schema.json")
MAX_SHOWN_VALUE = 40  # characters of a bad value quoted in a message
# Control characters (line breaks among them) and Unicode line and paragraph separators.
_BREAK_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


@lru_cache(maxsize=1)
def schema() -> dict:
    """Return the published JSON Schema of spell files."""
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _validator() -> Any:
    # jsonschema is imported only when a JSON file is read: text compendiums do not need it.
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema())


def is_json(text: str) -> bool:
    """Tell JSON from the text format by content: JSON starts with "[" or "{"."""
    return text.lstrip("\ufeff \t\r\n").startswith(("[", "{"))


def parse_json(text: str, file: str = "<json>", *, any_book: bool = False) -> Compendium:
    """Parse and check a JSON spell file: every bad record named by index, name and key."""
    try:
        decoded = _records(text.lstrip("\ufeff"))
    except json.JSONDecodeError as error:
        message = say("json_syntax", error=json_syntax(error.msg), column=error.colno)
        return _json_file(file, (), [Problem(file, error.lineno, "json", message)])
    except DuplicateKey as error:  # a record with two "level"s: which one was meant?
        message = say("json_duplicate_key", name=error.key)
        return _json_file(file, (), [Problem(file, error.line, "json", message)])
    except RecursionError:
        message = say("too_deep", file=file, limit=MAX_DEPTH).removeprefix(f"{file}: ")
        return _json_file(file, (), [Problem(file, 1, "json", message)])
    except ValueError:  # an integer of more digits than Python converts (sys.int_info)
        message = say("too_many_digits", file=file, limit=MAX_DIGITS).removeprefix(f"{file}: ")
        return _json_file(file, (), [Problem(file, 1, "json", message)])
    if decoded is None:
        message = say("json_not_array")
        return _json_file(file, (), [Problem(file, 1, "json", message)])
    records, lines = decoded
    if not records:
        message = say("json_empty")
        return _json_file(file, (), [Problem(file, 1, "empty", message)])
    bad: dict[int, list[_Finding]] = {}
    for error in _validator().iter_errors(records):
        bad.setdefault(error.absolute_path[0], []).extend(_describe(error))
    problems: list[Problem] = []
    spells: list[Spell] = []
    for index, record in enumerate(records):
        findings = bad.get(index) or _check_record(record, any_book)
        line = lines[index]
        label = say("json_record", index=index + 1, name=_name_of(record))
        for severity, key, message in dict.fromkeys(findings):
            problems.append(Problem(file, line, label, f"{key}: {message}", "", severity))
        if any(severity == "error" for severity, _, _ in findings):
            continue
        spells.append(spell_from_dict(record, Origin(file, line)))
    problems += duplicates(spells)
    problems.sort(key=lambda problem: problem.line)
    return _json_file(file, tuple(spells), problems)


# Python's json module words its syntax errors in English (they differ a little between its C
# and Python scanners and between versions): each is said in Czech by what it starts with.
_JSON_SYNTAX = (
    ("Expecting value", "json_syntax_value"),
    ("Expecting ',' delimiter", "json_syntax_comma"),
    ("Expecting ':' delimiter", "json_syntax_colon"),
    ("Expecting property name", "json_syntax_key"),
    ("Unterminated string", "json_syntax_string"),
    ("Invalid control character", "json_syntax_control"),
    ("Invalid \\uXXXX escape", "json_syntax_unicode"),
    ("Invalid \\escape", "json_syntax_escape"),
    ("Extra data", "json_syntax_extra"),
    ("Illegal trailing comma", "json_syntax_trailing"),
)


def json_syntax(msg: str) -> str:
    """Say in Czech what Python's json module found wrong (its `msg`), never its English."""
    for start, key in _JSON_SYNTAX:
        if msg.startswith(start):
            return say(key)
    return say("json_syntax_other")


def _json_file(file: str, spells: tuple[Spell, ...], problems: list[Problem]) -> Compendium:
    return Compendium(file, spells, tuple(problems))


_Finding = tuple[str, str, str]  # severity, key, what is wrong


def _records(text: str) -> tuple[list[Any], list[int]] | None:
    """Decode a JSON array record by record, keeping the line each record starts at.

    Return None for JSON that is not an array; raise JSONDecodeError for what is not JSON.
    """
    decoder = json.JSONDecoder(object_pairs_hook=_unique_keys)
    position = _skip(text, 0)
    if not text.startswith("[", position):
        decoder.decode(text)  # a syntax error is reported as such, before the shape
        return None
    records: list[Any] = []
    lines: list[int] = []
    line, counted = 1, 0  # the line of text[counted]
    position = _skip(text, position + 1)
    if text.startswith("]", position):
        position += 1
    else:
        while True:
            if position >= len(text):
                raise json.JSONDecodeError("Expecting value", text, position)
            try:
                record, end = decoder.raw_decode(text, position)
            except DuplicateKey as error:
                error.line = 1 + text.count("\n", 0, position)  # the record's first line
                raise
            records.append(_normal(record))
            line += text.count("\n", counted, position)
            counted = position
            lines.append(line)
            position = _skip(text, end)
            if text.startswith(",", position):
                position = _skip(text, position + 1)
            elif text.startswith("]", position):
                position += 1
                break
            else:
                raise json.JSONDecodeError("Expecting ',' delimiter", text, position)
    if _skip(text, position) != len(text):
        raise json.JSONDecodeError("Extra data", text, _skip(text, position))
    return records, lines


class DuplicateKey(CardsError):
    """A JSON object with one key twice (json keeps the last without a word); parse_json turns
    it into a problem at the record's line, so it never reaches the user as an error."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key
        self.line = 1


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict:
    keys = [key for key, _ in pairs]
    for key in keys:
        if keys.count(key) > 1:
            raise DuplicateKey(key)
    return dict(pairs)


def _normal(value: Any, depth: int = 0) -> Any:
    """Return a decoded JSON value with every string NFC, as the text format's."""
    if depth > MAX_DEPTH:
        raise RecursionError
    if isinstance(value, str):
        return nfc(value)
    if isinstance(value, list):
        return [_normal(item, depth + 1) for item in value]
    if isinstance(value, dict):
        return {nfc(key): _normal(item, depth + 1) for key, item in value.items()}
    return value


def _skip(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position


def _name_of(record: Any) -> str:
    name = record.get("name") if isinstance(record, dict) else None
    return name if isinstance(name, str) and name.strip() else say("json_no_name")


def _key(path: Iterable[Any]) -> str:
    """Write a path inside a record as `blocks[2].text`."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= MAX_SHOWN_VALUE else text[: MAX_SHOWN_VALUE - 1] + "…"


def _describe(error: Any) -> list[_Finding]:
    """Say which key of a record is wrong and what was expected, from a schema error."""
    path = list(error.absolute_path)[1:]
    key = _key(path) or say("json_whole_record")
    subschema, instance, kind = error.schema, error.instance, error.validator
    if kind == "required":
        properties = subschema.get("properties", {})
        missing = [k for k in error.validator_value if k not in instance]
        return [
            (
                "error",
                _key([*path, k]),
                say(
                    "json_missing", expected=_expected(properties.get(k), say("json_generic_other"))
                ),
            )
            for k in missing
        ]
    if kind == "additionalProperties":
        allowed = ", ".join(subschema.get("properties", {}))
        extra = [k for k in instance if k not in subschema.get("properties", {})]
        return [
            ("error", _key([*path, k]), say("json_unknown_key", allowed=allowed)) for k in extra
        ]
    if kind == "enum" and "description" not in subschema:
        expected = say("json_one_of", values=", ".join(map(str, error.validator_value)))
    else:
        expected = _expected(subschema, say(_GENERIC.get(kind, "json_generic_other")))
    return [("error", key, say("json_expected", expected=expected, got=_shown(instance)))]


_GENERIC = {
    "type": "json_generic_type",
    "minLength": "json_generic_text",
    "pattern": "json_generic_text",
    "minItems": "json_generic_longer",
    "uniqueItems": "json_generic_unique",
    "minimum": "json_generic_larger",
    "maximum": "json_generic_smaller",
    "anyOf": "json_generic_other",
}


def _expected(subschema: Any, fallback: str) -> str:
    if isinstance(subschema, dict):
        if "description" in subschema:
            return subschema["description"]
        if "$ref" in subschema:
            name = subschema["$ref"].rsplit("/", 1)[-1]
            return _expected(schema()["$defs"].get(name, {}), fallback)
    return fallback


def _check_record(record: dict, any_book: bool) -> list[_Finding]:
    """Check what the schema cannot say: concentration, table rows, books, characters, dice."""
    found: list[_Finding] = []
    if not isinstance(record["level"], int):  # the schema's "integer" lets 3.0 through
        found.append(
            (
                "error",
                "level",
                say("json_level", got=_shown(record["level"])),
            )
        )
    blocks = record["blocks"]
    if blocks and blocks[-1]["type"] == "heading":
        found.append(
            (
                "error",
                f"blocks[{len(blocks) - 1}]",
                say("json_ends_in_heading"),
            )
        )
    says = CONCENTRATION in record["duration"]
    if record["concentration"] != says:
        reason = say("json_says") if says else say("json_does_not_say")
        found.append(
            (
                "error",
                "concentration",
                say(
                    "json_concentration",
                    expected=json.dumps(says),
                    reason=reason,
                    word=CONCENTRATION,
                ),
            )
        )
    for n, block in enumerate(record["blocks"]):
        if block["type"] == "table":
            for r, row in enumerate(block["rows"]):
                if len(row) != len(block["header"]):
                    found.append(
                        (
                            "error",
                            f"blocks[{n}].rows[{r}]",
                            say("json_row_cells", expected=len(block["header"]), got=len(row)),
                        )
                    )
    for n, book in enumerate(record["sources"]):
        if book not in SOURCES:
            books = ", ".join(SOURCES)
            if any_book:
                found.append(
                    ("warning", f"sources[{n}]", say("json_own_book", book=book, known=books))
                )
            else:
                found.append(
                    ("error", f"sources[{n}]", say("json_unknown_book", book=book, known=books))
                )
    for key, text in _strings(record):
        stray = _BREAK_RE.search(text)
        if stray is not None:
            stray = stray.group()
            found.append(("error", key, say("json_line_break", code=ord(stray))))
            continue
        for problem in check_line(text):  # the parser's own checks of a line
            kind = CATALOGUE.get(f"problem_{problem.kind}", problem.kind)
            found.append((problem.severity, key, f"{kind}: {problem.message}"))
    return found


def _strings(value: Any, path: tuple = ()) -> Iterable[tuple[str, str]]:
    if isinstance(value, str):
        yield _key(path), value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "origin":
                yield from _strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))


def spell_from_dict(record: dict, origin: Origin) -> Spell:
    """Make a Spell from a checked JSON record (the inverse of spell_to_dict)."""
    components = record["components"]
    return Spell(
        name=record["name"],
        name_en=record["name_en"],
        sources=tuple(record["sources"]),
        school=record["school"],
        level=record["level"],
        ritual=record["ritual"],
        casting_time=record["casting_time"],
        range=record["range"],
        components=Components(
            components["verbal"],
            components["somatic"],
            components["material"],
            components["material_text"],
        ),
        duration=record["duration"],
        concentration=record["concentration"],
        classes=tuple(record["classes"]),
        blocks=tuple(_block(block, origin.line) for block in record["blocks"]),
        origin=origin,
    )


def _block(block: dict, line: int) -> Block:
    kind = block["type"]
    if kind == "paragraph":
        return Paragraph(block["text"], block["heading"], block["kind"], line)
    if kind == "heading":
        return Heading(block["text"], line)
    if kind == "bullets":
        return BulletList(tuple(block["items"]), line)
    return Table(tuple(block["header"]), tuple(tuple(row) for row in block["rows"]), line)


class _BlockRecord(BlockVisitor[dict]):
    """A block as its JSON record."""

    def paragraph(self, block: Paragraph) -> dict:
        return {
            "type": "paragraph",
            "heading": block.written_heading,
            "text": block.text,
            "kind": block.kind,
        }

    def heading(self, block: Heading) -> dict:
        return {"type": "heading", "text": block.text}

    def bullets(self, block: BulletList) -> dict:
        return {"type": "bullets", "items": list(block.items)}

    def table(self, block: Table) -> dict:
        return {
            "type": "table",
            "header": list(block.header),
            "rows": [list(r) for r in block.rows],
        }


_BLOCK_RECORD = _BlockRecord()


def block_to_dict(block: Block) -> dict:
    """Make a JSON-ready record of one description block."""
    return block.accept(_BLOCK_RECORD)


def spell_to_dict(spell: Spell) -> dict:
    """Make a JSON-ready record of a spell, English snake_case keys in a stable order."""
    return {
        "name": spell.name,
        "name_en": spell.name_en,
        "sources": list(spell.sources),
        "school": spell.school,
        "level": spell.level,
        "ritual": spell.ritual,
        "casting_time": spell.casting_time,
        "range": spell.range,
        "components": {
            "verbal": spell.components.verbal,
            "somatic": spell.components.somatic,
            "material": spell.components.material,
            "material_text": spell.components.material_text,
        },
        "duration": spell.duration,
        "concentration": spell.concentration,
        "classes": list(spell.classes),
        "blocks": [block_to_dict(block) for block in spell.blocks],
        "origin": {"file": spell.origin.file, "line": spell.origin.line},
    }
