"""Description lines -> blocks: paragraphs (with run-in headings), headings, lists, tables.

What a line is decided by its form and its neighbours: a short line without a full stop is a
heading, "•" lines a list, "|" lines a table with a rule row; "Na vyšších úrovních." and the
"Pokud sešleš toto kouzlo s použitím pozice …" phrasing open upcasting, and a cantrip's
paragraph that names levels 5, 11 and 17 (or opens "Vylepšení triku.") is its scaling. A
panel written without its heading gets it in the model (`Paragraph.implied`).
"""

from __future__ import annotations

import re

from cards.messages import say
from cards.model import (
    ACTION_HEADINGS,
    PANEL_HEADINGS,
    Block,
    BulletList,
    Heading,
    Paragraph,
    Table,
)
from cards.source.lines import BULLETS, is_level_line, is_source_line
from cards.source.problems import Collector, Line

HIGHER_LEVELS = PANEL_HEADINGS["higher_levels"]
SCALING = PANEL_HEADINGS["scaling"]  # a cantrip's increase, when its heading is written
_TABLE_RULE_RE = re.compile(r"^\|(?:\s*:?-+:?\s*\|)+$")
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


def _starts_table(lines: list[Line], i: int) -> bool:
    """Tell whether row i is a header: the row after it is a rule row."""
    return i + 1 < len(lines) and _is_rule(lines[i + 1].text) and not _is_rule(lines[i].text)


def _parse_table(rows: list[Line], out: Collector) -> Table | None:
    if len(rows) < 2 or not _is_rule(rows[1].text):
        out.error(
            rows[0].number,
            "table",
            say("table_needs_rule"),
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
            say("rule_cells", count=len(rule), header=len(header)),
            rows[1].text,
        )
        ok = False
    for row in rows[2:]:
        if _is_rule(row.text):
            out.error(row.number, "table", say("second_rule"), row.text)
            ok = False
            continue
        cells = _table_cells(row.text)
        if len(cells) != len(header):
            out.error(
                row.number,
                "table",
                say("row_cells", count=len(cells), header=len(header)),
                row.text,
            )
            ok = False
        body.append(cells)
    return Table(header, tuple(body), rows[0].number) if ok else None


def _take_bullets(lines: list[Line], i: int, blocks: list[Block], out: Collector) -> int:
    """Add the list of "•" lines starting at line i; return the index after it."""
    start, items = lines[i], []
    while i < len(lines) and lines[i].text.startswith(BULLETS):
        item = lines[i].text[1:].strip()
        if not item:
            out.error(lines[i].number, "bullet", say("empty_bullet"), lines[i].text)
        items.append(item)
        i += 1
    blocks.append(BulletList(tuple(items), start.number))
    return i


def _take_table(lines: list[Line], i: int, blocks: list[Block], out: Collector) -> int:
    """Add the table of "|" rows starting at line i (if it parses); return the index after it."""
    rows = [lines[i]]
    i += 1
    while i < len(lines) and lines[i].text.startswith("|") and not _starts_table(lines, i):
        rows.append(lines[i])
        i += 1
    table = _parse_table(rows, out)
    if table is not None:
        blocks.append(table)
    return i


def parse_description(
    lines: list[Line], out: Collector, level: int | None = None
) -> tuple[Block, ...]:
    """Turn description lines into blocks; report lines that belong to no block kind.

    `level` is the spell's (None when its level line is wrong): it tells upcasting and a
    cantrip's scaling.

    Blocks keep the order of the source (`model.card_order` gives the order on a card).
    """
    blocks: list[Block] = []
    run_in = [
        line
        for line in lines
        if _run_in(line.text) and not _is_higher(line.text) and not line.text.startswith(SCALING)
    ]
    use_run_in = len(run_in) >= 2  # a lone short first sentence is only a sentence
    numbered = sum(_numbered(line.text) is not None for line in lines) >= 2
    section = ""  # the last stand-alone heading
    i = 0
    while i < len(lines):
        line = lines[i]
        text = line.text
        if text.startswith(BULLETS):
            i = _take_bullets(lines, i, blocks, out)
            continue
        if text.startswith("|"):
            i = _take_table(lines, i, blocks, out)
            continue
        i += 1
        if not any(char.isalnum() for char in text) or "-->" in text or "<!--" in text:
            out.error(line.number, "stray-line", say("stray_line"), text)
            continue
        if is_level_line(text) or is_source_line(text):
            out.error(
                line.number,
                "structure",
                say("header_in_description"),
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
        if level == 0 and text.startswith(SCALING + " "):
            blocks.append(Paragraph(text[len(SCALING) :].strip(), SCALING, "scaling", line.number))
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
            say("variants", variants=", ".join(v.text for v in variants)),
            variants[0].text,
        )
    return tuple(blocks)


def _is_higher(text: str) -> bool:
    return text.startswith(HIGHER_LEVELS)
