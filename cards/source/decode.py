"""Bytes -> text -> checked lines: decoding a spell file and the character checks of each line.

UTF-8 (with or without BOM) and UTF-16 with a BOM are read; another encoding, a binary file or a
control character is a problem at its line. Every line is checked for stray letters, stray
non-breaking spaces and dice written with a space, in both the text format and JSON strings.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from cards.inputs import (
    MAX_SPELL_FILE,
    InputError,
    bom_text,
    guess_encoding,
    looks_utf16,
    nfc,
    read_input,
)
from cards.messages import say
from cards.resources import resource
from cards.source.problems import Collector, Line, Problem, shorten

DEFAULT_DATA: Path = resource("data", "kouzla.txt")

# Letters that are not Czech but occur in real names (Maelström); anything else outside ASCII
# and Czech is a scanning or typing accident.
FOREIGN_LETTERS = set("äöüßàâçèêëîïôûÿñ")
CZECH_LETTERS = set("áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ")

# Unicode category Cc (control characters) but for tab, line feed and carriage return.
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_DICE_SPACE_RE = re.compile(r"\d+k \d+")
# Where _DICE_SPACE_RE finds something, this does, looking for "k " first (a fast search).
_DICE_ANYWHERE_RE = re.compile(r"k (?<=\dk )\d")
_NBSP_STRAY_RE = re.compile(r"[ \t]\xa0|\xa0[ \t]|\xa0$|^\xa0")
_SPACES_RE = re.compile(r"[ \t\xa0]{2,}")


def _clean(raw: str) -> str:
    """Strip a line and collapse runs of spaces (a non-breaking space alone is kept)."""
    line = raw.strip(" \t\xa0\ufeff")
    if "  " in line or "\t" in line or "\xa0" in line:  # else no run to collapse
        return _SPACES_RE.sub(" ", line)
    return line


def _unexpected_character(char: str) -> str:
    """Say what is wrong with a character of the compendium, or "" when it is fine."""
    if char in "\t\xa0\ufeff\r\n" or char.isascii() and char.isprintable():
        return ""
    if unicodedata.category(char).startswith("C"):
        return say("control_character", code=ord(char))
    if not char.isalpha() or char in CZECH_LETTERS or char in FOREIGN_LETTERS:
        return ""
    name = unicodedata.name(char, f"U+{ord(char):04X}")
    return say("unexpected_letter", char=char, name=name)


def _check_characters(
    line: Line, raw: str, out: Collector, *, letters: bool = True, spaces: bool = True
) -> None:
    """Report stray characters, non-breaking spaces and dice with a space in one line.

    letters=False skips the per-character check, spaces=False the non-breaking spaces and the
    dice, for text already known to be clean of them.
    """
    for char in dict.fromkeys(raw) if letters else ():  # each distinct character once
        message = _unexpected_character(char)
        if message:
            out.error(line.number, "character", message, raw)
            if unicodedata.category(char).startswith("C"):  # a control character: stop there
                return
    if not spaces:
        return
    if "\xa0" in raw and (
        _NBSP_STRAY_RE.search(raw.strip(" \t")) or raw.rstrip(" \t").endswith("\xa0")
    ):
        out.warning(line.number, "nbsp", say("stray_nbsp"), raw)
    if _DICE_SPACE_RE.search(raw):
        out.error(line.number, "dice", say("dice_space"), raw)


def check_line(text: str) -> tuple[Problem, ...]:
    """Check one line of text as the parser checks each line: characters, spaces, dice.

    For texts that do not come from a text compendium (JSON spell files); problems have no file.
    """
    out = Collector("")
    _check_characters(Line(0, text), text, out)
    return tuple(out.problems)


def split_lines(text: str, out: Collector) -> list[Line]:
    """Non-empty lines, cleaned, with their 1-based numbers; check the characters on the way."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = []
    # Most files have no stray character, no non-breaking space and no dice written with a
    # space at all: look line by line only when one turns up (no pattern spans two lines).
    letters = any(map(_unexpected_character, set(text)))
    spaces = "\xa0" in text or _DICE_ANYWHERE_RE.search(text) is not None
    # Only CR and LF end a line; other Unicode line breaks are stray characters.
    for number, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        cleaned = _clean(raw)
        if not cleaned:
            continue
        line = Line(number, cleaned)
        if letters or spaces:
            _check_characters(line, raw, out, letters=letters, spaces=spaces)
        lines.append(line)
    return lines


def decode(data: bytes, file: str) -> tuple[str | None, list[Problem]]:
    """Decode UTF-8 (with or without BOM); name the line and the likely encoding otherwise."""

    def problem(line: int, kind: str, message: str, excerpt: str = "") -> list[Problem]:
        return [Problem(file, line, kind, message, excerpt, "error")]

    text = bom_text(data)  # UTF-16 (Windows Notepad's "Unicode") or UTF-32 with a byte order mark
    if text is not None:
        data = text.encode("utf-8")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or looks_utf16(data):
        return None, problem(1, "encoding", say("utf16"))
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        return None, problem(line, "binary", say("binary"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        end = data.find(b"\n", exc.start)
        snippet = data[start : end if end >= 0 else len(data)].decode("utf-8", "replace")
        guess = guess_encoding(data)
        return None, problem(
            line,
            "encoding",
            say("bad_byte", byte=data[exc.start], guess=guess),
            shorten(snippet),
        )
    controls = len(_CONTROL_RE.findall(text))
    if controls > max(8, len(text) // 100):
        return None, problem(1, "binary", say("binary"))
    return nfc(text), []


def read_text(path: str | Path | None = None) -> tuple[str, str | None, list[Problem]]:
    """Read a spell file's text (None: the embedded compendium): its name, text and problems.

    The text is None when the file cannot be read or decoded; the problems say why.
    """
    source = path if path is not None else DEFAULT_DATA
    name = str(source)
    try:
        data = read_input(source, MAX_SPELL_FILE, stdin=True)
    except InputError as error:
        message = str(error).removeprefix(f"{name}: ")
        return name, None, [Problem(name, 0, "file", message, "", "error")]
    text, problems = decode(data, name)
    return name, text, problems
