"""Compendium text -> Spell records, with every problem found and its line number.

The format (data/kouzla.txt): lines separated by blank lines; an optional title line; then per
spell the Czech name, the English name (absent for spells found only in "Jeskyně a draci"), the
source line, "<škola> N. úrovně [(rituál)]", the five field lines "Vyvolání:", "Dosah:",
"Složky:", "Trvání:", "Povolání:", and the description up to the next spell's name.

Names are decided by the structure of a record, never by the characters they contain: the run of
field lines anchors a spell, the level line and the source line stand right above it, and above
those stand two name lines (Czech, English), or one for a spell found only in Jeskyně a draci.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from cards.errors import CardsError
from cards.model import (
    ACTION_HEADINGS,
    CLASSES,
    SCHOOLS,
    SOURCES,
    Block,
    BulletList,
    Components,
    Heading,
    Origin,
    Paragraph,
    Spell,
    Table,
)
from cards.resources import resource
from cards.wording import wording_problems

DEFAULT_DATA: Path = resource("data", "kouzla.txt")

FIELD_LABELS = ("Vyvolání", "Dosah", "Složky", "Trvání", "Povolání")
HIGHER_LEVELS = "Na vyšších úrovních."
BULLET = "•"
# ▪ and ◦ are read as bullets too (a list from another editor); cards print •.
BULLETS = (BULLET, "▪", "◦")
MAX_LEVEL = 9
# Letters that are not Czech but occur in real names (Maelström); anything else outside ASCII
# and Czech is a scanning or typing accident.
FOREIGN_LETTERS = set("äöüßàâçèêëîïôûÿñ")
CZECH_LETTERS = set("áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ")

_FIELD_RE = re.compile(r"^(Vyvolání|Dosah|Složky|Trvání|Povolání)\s*:\s*(.*)$")
_LEVEL_RE = re.compile(
    r"^(?P<school>\S+(?: \S+)*?) (?P<level>\d+)\. úrovně(?P<ritual> \(rituál\))?$"
    r"|^(?P<school0>[^\s,]+(?: [^\s,]+)*?),? trik(?P<ritual0> \(rituál\))?$"
)
_COMPONENTS_RE = re.compile(r"^(?P<flags>[A-Z](?:\s*,\s*[A-Z])*)(?:\s*\((?P<material>.*)\))?$")
_TABLE_RULE_RE = re.compile(r"^\|(?:\s*:?-+:?\s*\|)+$")
# Unicode category Cc (control characters) but for tab, line feed and carriage return.
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_DICE_SPACE_RE = re.compile(r"\d+k \d+")
_NBSP_STRAY_RE = re.compile(r"[ \t]\xa0|\xa0[ \t]|\xa0$|^\xa0")
_RUN_IN_RE = re.compile(r"^(?P<heading>[^.:!?\d]{1,41}?\.) (?P<text>\S.*)$")
# Upcasting in the other phrasing (no "Na vyšších úrovních." before it): "Pokud sešleš toto
# kouzlo s použitím pozice 2. nebo vyšší úrovně, …", "Sešleš-li toto kouzlo pomocí pozice …";
# Jeskyně a draci capitalise its terms ("Pokud Sešleš toto Kouzlo s použitím Pozice 2. či
# vyššího Stupně"). It is about a higher slot when the slot is above the spell's level.
_HIGHER_PHRASE_RE = re.compile(
    r"^(?:(?:Pokud|Když) sešleš toto kouzlo (?:s použitím|pomocí)"
    r"|Sešleš-li toto kouzlo (?:s )?(?:použitím|pomocí)) pozice (?:kouzla )?(?P<slot>\d)\. ",
    re.IGNORECASE,
)
# A cantrip's increase at character levels 5, 11 and 17, said in its first words.
_SCALING_START_RE = re.compile(r"\b5\. úrov|vyšší úrov")
SCALING_START = 90  # characters: how soon the paragraph must say it
# A numbered run-in heading: "1. Červená. Když …", "2. Oranžová Když …", "5. až 10. kolo. Na …".
_NUMBERED_RE = re.compile(r"^(?P<number>\d+\.(?: až \d+\.)?) (?P<rest>\S.*)$")
NUMBERED_WORDS = 3  # at most this many words after the number
_SPACES_RE = re.compile(r"[ \t\xa0]{2,}")


@dataclass(frozen=True)
class Problem:
    """One thing wrong (error) or doubtful (warning) in a compendium, at a 1-based line."""

    file: str
    line: int
    kind: str
    message: str
    excerpt: str = ""
    severity: str = "error"  # "error" | "warning"

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        text = f"{where}: {self.severity}: {self.kind}: {self.message}"
        return f"{text} [{self.excerpt}]" if self.excerpt else text


class CompendiumError(CardsError):
    """A compendium that cannot be used: carries every problem found."""

    MAX_SHOWN = 5

    def __init__(self, problems: tuple[Problem, ...] | list[Problem]):
        self.problems = tuple(problems)
        errors = [p for p in self.problems if p.severity == "error"] or list(self.problems)
        lines = [str(p) for p in errors[: self.MAX_SHOWN]]
        if len(errors) > self.MAX_SHOWN:
            rest = len(errors) - self.MAX_SHOWN
            lines.append(f"... and {rest} more error(s); `cards lint` lists them all")
        super().__init__("\n".join(lines) or "unusable compendium")


@dataclass(frozen=True)
class Compendium:
    """A parsed compendium: the spells that parsed cleanly and every problem found."""

    path: str
    spells: tuple[Spell, ...]
    problems: tuple[Problem, ...]
    title: tuple[str, ...] = field(default=())  # lines before the first spell

    @property
    def errors(self) -> tuple[Problem, ...]:
        """Problems of error severity."""
        return tuple(p for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """Problems of warning severity."""
        return tuple(p for p in self.problems if p.severity == "warning")


@dataclass(frozen=True)
class _Line:
    number: int
    text: str


def _excerpt(text: str, width: int = 60) -> str:
    text = text.replace("\xa0", "⍽")
    return text if len(text) <= width else text[: width - 1] + "…"


class _Collector:
    def __init__(self, file: str, any_book: bool = False):
        self.file = file
        self.any_book = any_book  # books other than SOURCES are allowed (spells of one's own)
        self.problems: list[Problem] = []

    def error(self, line: int, kind: str, message: str, excerpt: str = "") -> None:
        self.problems.append(Problem(self.file, line, kind, message, _excerpt(excerpt), "error"))

    def warning(self, line: int, kind: str, message: str, excerpt: str = "") -> None:
        self.problems.append(Problem(self.file, line, kind, message, _excerpt(excerpt), "warning"))


def _clean(raw: str) -> str:
    """Strip a line and collapse runs of spaces (a non-breaking space alone is kept)."""
    return _SPACES_RE.sub(" ", raw.strip(" \t\xa0\ufeff"))


def _unexpected_character(char: str) -> str:
    """Say what is wrong with a character of the compendium, or "" when it is fine."""
    if char in "\t\xa0\ufeff\r\n" or char.isascii() and char.isprintable():
        return ""
    if unicodedata.category(char).startswith("C"):
        return f"control character U+{ord(char):04X}"
    if not char.isalpha() or char in CZECH_LETTERS or char in FOREIGN_LETTERS:
        return ""
    name = unicodedata.name(char, f"U+{ord(char):04X}")
    return f"unexpected letter {char!r} ({name}); a Czech or ASCII letter was expected"


def _check_characters(line: _Line, raw: str, out: _Collector, *, letters: bool = True) -> None:
    """Report stray characters, non-breaking spaces and dice with a space in one line.

    letters=False skips the per-character check, for text already known to be clean.
    """
    for char in dict.fromkeys(raw) if letters else ():  # each distinct character once
        message = _unexpected_character(char)
        if message:
            out.error(line.number, "character", message, raw)
            if message.startswith("control"):
                return
    if _NBSP_STRAY_RE.search(raw.strip(" \t")) or raw.rstrip(" \t").endswith("\xa0"):
        out.warning(
            line.number, "nbsp", "stray non-breaking space next to a space or at an end", raw
        )
    if _DICE_SPACE_RE.search(raw):
        out.error(line.number, "dice", "space inside a dice expression; write it as 1k10", raw)


def check_line(text: str) -> tuple[Problem, ...]:
    """Check one line of text as the parser checks each line: characters, spaces, dice.

    For texts that do not come from a text compendium (JSON spell files); problems have no file.
    """
    out = _Collector("")
    _check_characters(_Line(0, text), text, out)
    return tuple(out.problems)


def _split_lines(text: str, out: _Collector) -> list[_Line]:
    """Non-empty lines, cleaned, with their 1-based numbers; check the characters on the way."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = []
    # Most files have no stray character at all: look line by line only when one turns up.
    letters = any(map(_unexpected_character, set(text)))
    # Only CR and LF end a line; other Unicode line breaks are stray characters.
    for number, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        cleaned = _clean(raw)
        if not cleaned:
            continue
        line = _Line(number, cleaned)
        _check_characters(line, raw, out, letters=letters)
        lines.append(line)
    return lines


def _is_level_line(text: str) -> bool:
    return _LEVEL_RE.match(text) is not None


def _plain(text: str) -> str:
    """Casefold and drop diacritics, to recognise a book written without them."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_SOURCES_PLAIN = {_plain(source): source for source in SOURCES}


def _parse_sources(text: str) -> tuple[tuple[str, ...], list[str]]:
    """Split a source line into known book names and the parts that are none."""
    parts = tuple(p for p in re.split(r"\s*,\s*", text) if p)
    known = tuple(p if p in SOURCES else _SOURCES_PLAIN.get(_plain(p), p) for p in parts)
    return known, [p for p in known if p not in SOURCES]


def _is_source_line(text: str) -> bool:
    parts, unknown = _parse_sources(text)
    return bool(parts) and not unknown


def _is_record_line(text: str) -> bool:
    """Tell whether a line has the form of a record's header or body, so it cannot be a name."""
    return (
        text.startswith(("|", *BULLETS))
        or _FIELD_RE.match(text) is not None
        or _is_level_line(text)
        or _is_source_line(text)
    )


def _has_czech_letters(text: str) -> bool:
    return any(char in _CZECH_ONLY for char in text)


# Letters of Czech that English names never have (á é í ó ú ý occur in borrowed words).
_CZECH_ONLY = set("čďěňřšťůžČĎĚŇŘŠŤŮŽ")
# A name longer than this is an error (the lines above the source line are the names by
# structure, however long: a long one is not silently read as the spell above's paragraph).
MAX_NAME = 120


@dataclass(frozen=True)
class _Header:
    name: _Line | None
    name_en: _Line | None
    source: _Line | None
    level: _Line | None
    first: int  # index in the line list where the header starts
    bad_level: _Line | None = None  # what stands where the level line should be


def _find_header(lines: list[_Line], run_start: int, floor: int) -> _Header:
    """Take the level, source and name lines above a run of field lines (not above floor).

    The names are decided by the record's structure, not by their characters: a spell found
    only in Jeskyně a draci has one name line (Czech) above its source line, every other spell
    two (Czech, then English).
    """
    i = run_start - 1
    level = source = name = name_en = bad_level = None
    if i >= floor and _is_level_line(lines[i].text):
        level = lines[i]
        i -= 1
    elif i - 1 >= floor and _is_source_line(lines[i - 1].text):
        bad_level = lines[i]  # a level line in the wrong form, under its source line
        i -= 1
    if i >= floor and (level is not None or _is_source_line(lines[i].text)):
        source = lines[i]
        i -= 1
    sources = _parse_sources(source.text)[0] if source else ()
    wanted = 1 if sources == ("Jeskyně a draci",) else 2
    names: list[_Line] = []
    while len(names) < wanted and i >= floor:
        line = lines[i]
        if _is_record_line(line.text):
            break
        names.insert(0, line)
        i -= 1
    if len(names) == 2:
        name, name_en = names
    elif names:
        name = names[0]
    return _Header(name, name_en, source, level, i + 1, bad_level)


def _field_runs(lines: list[_Line]) -> list[tuple[int, int]]:
    """Index ranges [start, end) of consecutive field lines."""
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(lines):
        if _FIELD_RE.match(lines[i].text):
            start = i
            while i < len(lines) and _FIELD_RE.match(lines[i].text):
                i += 1
            runs.append((start, i))
        else:
            i += 1
    return runs


def _parse_components(value: str, line: _Line, out: _Collector) -> Components | None:
    match = _COMPONENTS_RE.match(value)
    flags = re.split(r"\s*,\s*", match.group("flags")) if match else []
    ordered = [f for f in ("V", "P", "S") if f in flags]
    if not match or flags != ordered:
        out.error(
            line.number,
            "components",
            'expected "V, P, S (material)": the letters V, P, S in this order, each at most once',
            line.text,
        )
        return None
    material = match.group("material")
    if material is not None and "S" not in flags:
        out.error(line.number, "components", "material text in parentheses without S", line.text)
        return None
    return Components("V" in flags, "P" in flags, "S" in flags, (material or "").strip())


def _parse_level(line: _Line, out: _Collector) -> tuple[str, int, bool] | None:
    match = _LEVEL_RE.match(line.text)
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
            f"unknown school {school!r}; expected one of: {', '.join(SCHOOLS)}",
            line.text,
        )
        ok = False
    if level > MAX_LEVEL:
        out.error(line.number, "level", f"level {level} is not in 0..{MAX_LEVEL}", line.text)
        ok = False
    return (school, level, ritual) if ok else None


def _parse_fields(
    run: list[_Line], out: _Collector
) -> tuple[dict[str, str], dict[str, _Line], bool]:
    values: dict[str, str] = {}
    where: dict[str, _Line] = {}
    ok = True
    for line in run:
        match = _FIELD_RE.match(line.text)
        assert match is not None
        label, value = match.group(1), match.group(2).strip()
        if label in values:
            out.error(line.number, "field", f'"{label}:" given twice', line.text)
            ok = False
            continue
        if not value:
            out.error(line.number, "field", f'"{label}:" has no value', line.text)
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
            f"missing {', '.join(m + ':' for m in missing)}; a spell needs "
            + ", ".join(f + ":" for f in FIELD_LABELS)
            + " in this order",
            shown.text,
        )
        ok = False
    elif [label for label in values if label in present] != present:
        out.error(
            run[0].number,
            "field-order",
            "fields out of order; expected " + ", ".join(f + ":" for f in FIELD_LABELS),
            run[0].text,
        )
        ok = False
    return values, where, ok


def _parse_classes(line: _Line, value: str, out: _Collector) -> tuple[str, ...] | None:
    classes = tuple(c for c in re.split(r"\s*,\s*", value) if c)
    unknown = [c for c in classes if c not in CLASSES]
    if unknown:
        out.error(
            line.number,
            "class",
            f"unknown class {', '.join(map(repr, unknown))}; expected any of: {', '.join(CLASSES)}",
            line.text,
        )
        return None
    if len(set(classes)) != len(classes):
        out.error(line.number, "class", "a class is listed twice", line.text)
        return None
    return classes


def _is_heading_line(text: str, following: str | None) -> bool:
    words = text.split()
    if len(words) > 6 or text.endswith((".", "!", "?", ";", ",")):
        return False
    if text.endswith(":"):
        return following is None or not following.startswith(BULLETS)
    return True


def _run_in(text: str) -> re.Match[str] | None:
    match = _RUN_IN_RE.match(text)
    if match is None or len(match.group("heading").split()) > 4:
        return None
    if not match.group("heading")[0].isupper():
        return None
    first_word = match.group("heading").split()[0]
    # Second-person verbs open sentences, not headings ("Dotkneš se tvora.").
    if first_word.endswith("š"):
        return None
    return match


def _numbered(text: str) -> tuple[str, str] | None:
    """Split "1. Červená. Když …" into its heading ("1. Červená.") and text, or return None.

    The heading ends at a word ending in a full stop, or before a capitalised word when the
    source left the stop out ("2. Oranžová Když …").
    """
    match = _NUMBERED_RE.match(text)
    if match is None:
        return None
    words = match.group("rest").split(" ")
    for n, word in enumerate(words[: NUMBERED_WORDS + 1]):
        if not word.rstrip(".").isalpha():
            return None
        if n and word[0].isupper():
            return " ".join([match.group("number"), *words[:n]]), " ".join(words[n:])
        if word.endswith(".") and n + 1 < len(words):
            return " ".join([match.group("number"), *words[: n + 1]]), " ".join(words[n + 1 :])
    return None


def _is_upcasting(text: str, level: int | None) -> bool:
    """Tell whether a paragraph is casting with a higher slot in the "Pokud sešleš" phrasing."""
    match = _HIGHER_PHRASE_RE.match(text)
    return match is not None and level is not None and int(match.group("slot")) > level


def _is_scaling(text: str) -> bool:
    """Tell whether a cantrip's paragraph is its 5./11./17. level increase."""
    folded = text.casefold()
    return (
        _SCALING_START_RE.search(folded[:SCALING_START]) is not None
        and "11." in folded
        and "17." in folded
    )


def _table_cells(text: str) -> tuple[str, ...]:
    inner = text.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return tuple(cell.strip() for cell in inner.split("|"))


def _is_rule(text: str) -> bool:
    return _TABLE_RULE_RE.match(text.replace(" ", "")) is not None


def _starts_table(lines: list[_Line], i: int) -> bool:
    """Tell whether row i is a header: the row after it is a rule row."""
    return i + 1 < len(lines) and _is_rule(lines[i + 1].text) and not _is_rule(lines[i].text)


def _parse_table(rows: list[_Line], out: _Collector) -> Table | None:
    if len(rows) < 2 or not _is_rule(rows[1].text):
        out.error(
            rows[0].number,
            "table",
            'a table needs a header row, then a rule row like "| --- | --- |"',
            rows[0].text,
        )
        return None
    header = _table_cells(rows[0].text)
    body = []
    ok = True
    rule = _table_cells(rows[1].text)
    if len(rule) != len(header):
        out.error(
            rows[1].number,
            "table",
            f"rule row has {len(rule)} cells, the header has {len(header)}",
            rows[1].text,
        )
        ok = False
    for row in rows[2:]:
        if _is_rule(row.text):
            out.error(row.number, "table", "a second rule row inside a table", row.text)
            ok = False
            continue
        cells = _table_cells(row.text)
        if len(cells) != len(header):
            out.error(
                row.number,
                "table",
                f"row has {len(cells)} cells, the header has {len(header)}",
                row.text,
            )
            ok = False
        body.append(cells)
    return Table(header, tuple(body), rows[0].number) if ok else None


def _parse_description(
    lines: list[_Line], out: _Collector, level: int | None = None
) -> tuple[Block, ...]:
    """Turn description lines into blocks; report lines that belong to no block kind.

    `level` is the spell's (None when its level line is wrong): it tells upcasting and a
    cantrip's scaling.

    Blocks keep the order of the source (`model.card_order` gives the order on a card).
    """
    blocks: list[Block] = []
    run_in = [line for line in lines if _run_in(line.text) and not _is_higher(line.text)]
    use_run_in = len(run_in) >= 2  # a lone short first sentence is only a sentence
    numbered = sum(_numbered(line.text) is not None for line in lines) >= 2
    section = ""  # the last stand-alone heading
    i = 0
    while i < len(lines):
        line = lines[i]
        text = line.text
        if text.startswith(BULLETS):
            items = []
            while i < len(lines) and lines[i].text.startswith(BULLETS):
                item = lines[i].text[1:].strip()
                if not item:
                    out.error(lines[i].number, "bullet", "a bullet with no text", lines[i].text)
                items.append(item)
                i += 1
            blocks.append(BulletList(tuple(items), line.number))
            continue
        if text.startswith("|"):
            rows = [line]
            i += 1
            while i < len(lines) and lines[i].text.startswith("|") and not _starts_table(lines, i):
                rows.append(lines[i])
                i += 1
            table = _parse_table(rows, out)
            if table is not None:
                blocks.append(table)
            continue
        i += 1
        if not any(char.isalnum() for char in text) or "-->" in text or "<!--" in text:
            out.error(line.number, "stray-line", "a line with no words (markup left over?)", text)
            continue
        if _is_level_line(text) or _is_source_line(text):
            out.error(
                line.number,
                "structure",
                "a spell header line inside a description; the spell's field lines "
                "(Vyvolání: ...) are missing after it",
                text,
            )
            continue
        if _is_higher(text):
            rest = text[len(HIGHER_LEVELS) :].strip()
            blocks.append(Paragraph(rest, HIGHER_LEVELS, "higher_levels", line.number))
            continue
        if _is_upcasting(text, level):
            blocks.append(Paragraph(text, "", "higher_levels", line.number))
            continue
        if level == 0 and _is_scaling(text):
            blocks.append(Paragraph(text, "", "scaling", line.number))
            continue
        following = lines[i].text if i < len(lines) else None
        if _is_heading_line(text, following):
            blocks.append(Heading(text, line.number))
            section = text
            continue
        parts = _numbered(text) if numbered else None
        if parts is not None:
            blocks.append(Paragraph(parts[1], parts[0], line=line.number))
            continue
        match = _run_in(text) if use_run_in or section in ACTION_HEADINGS else None
        if match is not None:
            blocks.append(Paragraph(match.group("text"), match.group("heading"), line=line.number))
        else:
            blocks.append(Paragraph(text, line=line.number))
    variants = [b for b in blocks if isinstance(b, Heading) and b.text.endswith("popis:")]
    if len(variants) >= 2:
        out.warning(
            variants[0].line,
            "variants",
            "the description carries labelled variants ("
            + ", ".join(v.text for v in variants)
            + "); keep the one that belongs to this spell",
            variants[0].text,
        )
    return tuple(blocks)


def _is_higher(text: str) -> bool:
    return text.startswith(HIGHER_LEVELS)


def _build_spell(
    header: _Header, run: list[_Line], description: list[_Line], out: _Collector
) -> Spell | None:
    """Make one Spell from its lines, or report why not."""
    before = len(out.problems)
    first = header.name or (run[0] if run else None)
    at = first.number if first else 0
    if header.name is None:
        out.error(at, "structure", "a spell without a name line before its header", "")
    for line, which in ((header.name, "Czech name"), (header.name_en, "English name")):
        if line is not None and len(line.text) > MAX_NAME:
            out.error(
                line.number,
                "name",
                f"the {which} has {len(line.text)} characters, more than the {MAX_NAME} a card's "
                "title can hold; shorten it (or is a name line missing above the source line?)",
                _excerpt(line.text),
            )
    if header.level is None:
        shown = header.bad_level or (run[0] if run else first)
        found = ", found this" if header.bad_level else ""
        out.error(
            shown.number if shown else 0,
            "missing-field",
            'expected a "<škola> N. úrovně" line (e.g. "Zaklínání 3. úrovně") before "Vyvolání:"'
            + found,
            shown.text if shown else "",
        )
    if header.source is None:
        out.error(
            header.level.number if header.level else at,
            "missing-field",
            "expected a source line (e.g. " + repr(SOURCES[0]) + ") before the level line",
            header.level.text if header.level else "",
        )
        sources: tuple[str, ...] = ()
    else:
        sources, unknown = _parse_sources(header.source.text)
        for written in re.split(r"\s*,\s*", header.source.text):
            if written and written not in SOURCES and written not in unknown:
                out.warning(
                    header.source.number,
                    "source",
                    f"{written!r} is written without its diacritics; read as "
                    f"{_SOURCES_PLAIN[_plain(written)]!r}",
                    header.source.text,
                )
        if unknown and out.any_book:
            out.warning(
                header.source.number,
                "source",
                f"{', '.join(map(repr, unknown))} is not one of the books "
                f"{', '.join(SOURCES)}; printed as written",
                header.source.text,
            )
        elif unknown:
            out.error(
                header.source.number,
                "source",
                f"unknown source {', '.join(map(repr, unknown))}; expected any of: "
                + ", ".join(SOURCES),
                header.source.text,
            )
    level = _parse_level(header.level, out) if header.level else None
    values, where, fields_ok = _parse_fields(run, out)
    components = classes = None
    if values.get("Složky"):
        components = _parse_components(values["Složky"], where["Složky"], out)
    if values.get("Povolání"):
        classes = _parse_classes(where["Povolání"], values["Povolání"], out)
    blocks = _parse_description(description, out, level[1] if level is not None else None)
    if blocks and isinstance(blocks[-1], Heading):
        trailing = len(blocks)
        while trailing > 0 and isinstance(blocks[trailing - 1], Heading):
            trailing -= 1
        out.error(
            blocks[trailing].line,
            "structure",
            "the description ends in a heading with no text after it: if it is a spell's name, "
            'its record (source line, "<škola> N. úrovně", fields) is missing (a cut file?); '
            "a spell only from Jeskyně a draci has one name line, the others two",
            blocks[trailing].text,
        )
    if header.name_en is not None and _has_czech_letters(header.name_en.text):
        out.error(
            header.name_en.number,
            "name",
            "taken as the English name but has Czech letters: a spell not only from Jeskyně "
            "a draci needs its Czech name and then its English name above the source line",
            header.name_en.text,
        )
    if not blocks and fields_ok:
        last = run[-1]
        out.error(
            last.number,
            "description",
            "the spell has no description after Povolání: (is the file truncated?)",
            last.text,
        )
    if header.name is not None and sources and header.name_en is None:
        if sources != ("Jeskyně a draci",):
            out.warning(
                header.name.number,
                "name",
                "no English name, though the spell is not only from Jeskyně a draci",
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
        concentration="(soustředění)" in values["Trvání"],
        classes=classes,
        blocks=blocks,
        origin=Origin(out.file, header.name.number),
    )


def _check_duplicates(spells: list[Spell], out: _Collector) -> None:
    seen: dict[tuple[str, tuple[str, ...]], Spell] = {}
    for spell in spells:
        key = (spell.name.casefold(), spell.sources)
        if key in seen:
            out.error(
                spell.origin.line,
                "duplicate",
                f"the spell {spell.name!r} from the same source(s) is already at line "
                f"{seen[key].origin.line}",
                spell.name,
            )
        else:
            seen[key] = spell


def _check_ending(text: str, lines: list[_Line], out: _Collector) -> None:
    last = lines[-1]
    if not text.endswith(("\n", "\r")) and not last.text.endswith((".", "!", "?", ")", "|", "“")):
        # A line cut in two is the one problem to report at that line.
        out.problems = [p for p in out.problems if p.line != last.number]
        out.error(
            last.number,
            "truncated",
            "the file ends in the middle of a line; is it truncated?",
            last.text,
        )


def parse_compendium(text: str, file: str = "<text>", *, any_book: bool = False) -> Compendium:
    """Parse compendium text into spells, collecting every problem instead of stopping.

    any_book=True accepts books other than the known ones (with a warning), for added files.
    """
    out = _Collector(file, any_book)
    lines = _split_lines(text, out)
    if not lines:
        out.error(1, "empty", "the compendium is empty; expected spells (name, source, fields)")
        return Compendium(file, (), tuple(out.problems))
    runs = _field_runs(lines)
    if not runs:
        out.error(
            lines[0].number,
            "structure",
            'no spell found: expected field lines such as "Vyvolání: 1 akce"',
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
    _check_duplicates(spells, out)
    for finding in wording_problems(spells, [(line.number, line.text) for line in lines]):
        out.warning(finding.line, finding.kind, finding.message, finding.excerpt)
    _check_ending(text, lines, out)
    problems = sorted(out.problems, key=lambda p: p.line)
    return Compendium(file, tuple(spells), tuple(problems), title)


def _decode(data: bytes, file: str) -> tuple[str | None, list[Problem]]:
    """Decode UTF-8 (with or without BOM); name the line and the likely encoding otherwise."""

    def problem(line: int, kind: str, message: str, excerpt: str = "") -> list[Problem]:
        return [Problem(file, line, kind, message, excerpt, "error")]

    from cards.inputs import nfc, utf16_text

    text = utf16_text(data)  # UTF-16 with a byte order mark: Windows Notepad's "Unicode"
    if text is not None:
        data = text.encode("utf-8")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or (
        len(data) >= 4
        and (data[1::2].count(0) > len(data) // 4 or data[0::2].count(0) > len(data) // 4)
    ):
        return None, problem(
            1, "encoding", "the file is in UTF-16, not UTF-8; save it as UTF-8 and try again"
        )
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        return None, problem(line, "binary", "this is a binary file, not a text compendium")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        end = data.find(b"\n", exc.start)
        snippet = data[start : end if end >= 0 else len(data)].decode("utf-8", "replace")
        guess = _guess_encoding(data)
        return None, problem(
            line,
            "encoding",
            f"byte 0x{data[exc.start]:02X} is not UTF-8{guess}; save the file as UTF-8",
            _excerpt(snippet),
        )
    controls = len(_CONTROL_RE.findall(text))
    if controls > max(8, len(text) // 100):
        return None, problem(1, "binary", "this is a binary file, not a text compendium")
    return nfc(text), []


def _guess_encoding(data: bytes) -> str:
    for encoding in ("cp1250", "iso-8859-2"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if any(c in text for c in "ěščřžůĚŠČŘŽ"):
            return f" (the file looks like {encoding.upper()})"
    return ""


def _read(path: str | Path | None) -> tuple[str, str | None, list[Problem]]:
    from cards.inputs import MAX_SPELL_FILE, InputError, read_input

    source = path if path is not None else DEFAULT_DATA
    name = str(source)
    try:
        data = read_input(source, MAX_SPELL_FILE, stdin=True)
    except InputError as error:
        message = str(error).removeprefix(f"{name}: ")
        return name, None, [Problem(name, 0, "file", message, "", "error")]
    text, problems = _decode(data, name)
    return name, text, problems


def read_text(path: str | Path | None = None) -> tuple[str, str | None, list[Problem]]:
    """Read a compendium file's text (None: the embedded one): its name, text and problems.

    The text is None when the file cannot be read or decoded; the problems say why.
    """
    return _read(path)


def read_compendium(path: str | Path | None = None) -> Compendium:
    """Read and parse a compendium file (None: the embedded one); raise on any error."""
    name, text, problems = _read(path)
    if text is None:
        raise CompendiumError(problems)
    compendium = parse_compendium(text, name)
    if compendium.errors:
        raise CompendiumError(compendium.problems)
    return compendium


def lint_compendium(path: str | Path | None = None) -> tuple[Problem, ...]:
    """List every problem of a compendium file; an unreadable file is a problem, not raised."""
    name, text, problems = _read(path)
    if text is None:
        return tuple(problems)
    return parse_compendium(text, name).problems


def block_to_dict(block: Block) -> dict:
    """Make a JSON-ready record of one description block."""
    if isinstance(block, Paragraph):
        return {
            "type": "paragraph",
            "heading": block.heading,
            "text": block.text,
            "kind": block.kind,
        }
    if isinstance(block, Heading):
        return {"type": "heading", "text": block.text}
    if isinstance(block, BulletList):
        return {"type": "bullets", "items": list(block.items)}
    return {"type": "table", "header": list(block.header), "rows": [list(r) for r in block.rows]}


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


def _components_text(components: Components) -> str:
    flags = [f for f, on in zip("VPS", _flags(components), strict=True) if on]
    text = ", ".join(flags)
    return f"{text} ({components.material_text})" if components.material_text else text


def _flags(components: Components) -> tuple[bool, bool, bool]:
    return components.verbal, components.somatic, components.material


def _level_text(spell: Spell) -> str:
    text = f"{spell.school} {spell.level}. úrovně"
    return text + " (rituál)" if spell.ritual else text


def _block_lines(block: Block) -> Iterator[str]:
    if isinstance(block, Paragraph):
        yield f"{block.heading} {block.text}".strip() if block.heading else block.text
    elif isinstance(block, Heading):
        yield block.text
    elif isinstance(block, BulletList):
        yield "\n".join(f"  {BULLET} {item}" for item in block.items)
    else:
        rows = [block.header, tuple("---" for _ in block.header), *block.rows]
        yield "\n".join("| " + " | ".join(row) + " |" for row in rows)


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
    for block in spell.blocks:
        lines += list(_block_lines(block))
    return lines


def spell_text(spell: Spell) -> str:
    """Rebuild a spell's text in the compendium format (lines separated by blank lines)."""
    return "\n\n".join(spell_lines(spell)) + "\n"


def compendium_text(compendium: Compendium) -> str:
    """Rebuild a whole compendium file from its title and spells."""
    parts = list(compendium.title) + [spell_text(s).rstrip("\n") for s in compendium.spells]
    return "\n\n".join(parts) + "\n"
