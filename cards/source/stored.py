"""Parsed spell files kept between runs, by their bytes: a file read again is not parsed again.

A `ParseStore` keeps one file per spell file and way of reading it (its name; the compendium,
or a spell file with or without books of one's own) in a folder the caller gives (the user's
cache folder), with the digest of the text, the name, the way and the engine's version (the
caller's: `cards.cache.engine_version()`): a text that changed or a new engine parses again and
replaces it. The records come back equal, with the same
problems at the same lines, as the parser gives them.

The stored form is marshal of plain values (strings, numbers, booleans, tuples; a list is a
record: the number of its class, then its fields) after a SHA-256 checksum of those bytes.
Nothing read back is unpickled or executed: a value builds only the classes listed here, and a
damaged or foreign file is ignored and rewritten atomically (cards/atomic.py). A folder that
cannot be written leaves the parse unstored: reading a spell file never fails because of it.
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path

from cards.errors import CardsError
from cards.model import BulletList, Components, Heading, Origin, Paragraph, Spell, Table
from cards.source.problems import Compendium, Problem

FORMAT = 1  # the layout of a stored file: a new one ignores the old files
MARSHAL_VERSION = 4  # marshal's format, fixed so that the bytes do not follow Python's default
MIN_TEXT = 20_000  # characters: a smaller file (a few spells) parses faster than it is read
FOLDER = "parsed"  # inside the folder given: one file per spell file
# The records a stored file may hold, by their number in it; nothing else is ever built.
RECORDS = (Compendium, Spell, Components, Origin, Paragraph, Heading, BulletList, Table, Problem)
_NUMBER = {cls: n for n, cls in enumerate(RECORDS)}
_SEQUENCE = -1  # a list opened by this holds records (a tuple holds plain values only)


class _Unstorable(CardsError):
    """A value of a kind the stored form has no room for (the parse is then not stored)."""


def _encode(value):
    """Return a value as marshal's plain values: records as tagged lists (see the docstring)."""
    number = _NUMBER.get(type(value))
    if number is not None:
        return [number, *(_encode(getattr(value, f.name)) for f in fields(value))]
    if type(value) is tuple:
        items = [_encode(item) for item in value]
        if any(type(item) is list for item in items):
            return [_SEQUENCE, *items]
        return tuple(items)
    if value is None or type(value) in (str, int, bool, float):
        return value
    raise _Unstorable(type(value).__name__)


def _decode(value):
    """Build back what `_encode` gave: the listed records and tuples of them."""
    if type(value) is not list:
        return value
    number = value[0]
    if number == _SEQUENCE:
        return tuple(map(_decode, value[1:]))
    if type(number) is not int or not 0 <= number < len(RECORDS):
        raise ValueError(number)
    return RECORDS[number](*map(_decode, value[1:]))


_LEAVES = frozenset((str, int, bool, float, type(None)))


def _plain(value) -> bool:
    """Tell whether a list read back holds only what `_encode` writes: lists and tuples of
    strings, numbers, booleans and None (a loop over a stack: a fifth of a recursion's time)."""
    if type(value) is not list:
        return False
    todo = [value]
    while todo:
        for item in todo.pop():
            kind = type(item)
            if kind is list or kind is tuple:
                todo.append(item)
            elif kind not in _LEAVES:
                return False
    return True


@dataclass(frozen=True)
class ParseStore:
    """Where parsed spell files are kept (`folder`), and the engine they were parsed by."""

    folder: Path
    version: str  # the engine's version: a stored parse of another engine is not used

    def compendium(self, text: str, file: str, how: str, parse: Callable[[], Compendium]):
        """Return the parse of `text` read from `file` in the way `how` names (the reading
        function and its options): the stored one when it is of this very text, name, way and
        engine, else `parse()`, which is then stored."""
        if len(text) < MIN_TEXT:
            return parse()
        slot = f"{FORMAT}\0{how}\0{file}".encode("utf-8", "surrogatepass")
        digest = hashlib.sha256(slot + f"\0{self.version}\0".encode())
        digest.update(text.encode("utf-8", "surrogatepass"))
        key = digest.hexdigest()
        path = self.folder / FOLDER / (hashlib.sha256(slot).hexdigest() + ".marshal")
        stored = self._read(path, key)
        if stored is not None:
            return stored
        parsed = parse()
        self._write(path, key, parsed)
        return parsed

    def clear(self) -> int:
        """Delete every stored parse (`cards cache clear`); return how many files went."""
        removed = 0
        for path in (self.folder / FOLDER).glob("*.marshal"):
            try:
                path.unlink()
                removed += 1
            except OSError:
                pass
        return removed

    @staticmethod
    def _read(path: Path, key: str) -> Compendium | None:
        """Return the compendium stored at `path` under `key`, or None (absent, damaged, stale)."""
        try:
            data = path.read_bytes()
        except OSError:
            return None
        checksum, payload = data[:32], data[32:]
        if hashlib.sha256(payload).digest() != checksum:
            return None  # damaged (or not ours): parsed again and rewritten
        try:
            stored_key, value = marshal.loads(payload)
            if stored_key != key or not _plain(value):
                return None
            compendium = _decode(value)
        except (ValueError, TypeError, EOFError, IndexError, KeyError):
            return None
        return compendium if type(compendium) is Compendium else None

    @staticmethod
    def _write(path: Path, key: str, compendium: Compendium) -> None:
        """Store a parse; a value the form cannot hold or a folder not writable stores nothing."""
        from cards.atomic import write_atomically

        try:
            payload = marshal.dumps((key, _encode(compendium)), MARSHAL_VERSION)
        except (_Unstorable, ValueError):
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(path, hashlib.sha256(payload).digest() + payload)
        except (OSError, CardsError):
            return
