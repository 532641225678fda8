"""The entry format of the fit cache: a fit as compressed JSON of its primitives, and back.

An entry holds, compressed, three sections apart by NUL: a JSON head (the format, each face's
facts: part, size, colour...), each face's primitives as a JSON text of its own, and each
face's finished drawing (`cards.paint.draw.face_drawings`), if it has them; the faces of a
section apart by FS. A PDF build reads the head and the drawings only (`decode_drawn`): the
primitives are not even scanned. (JSON writes no NUL or FS: it escapes control characters.)

Nothing read back is trusted: every field of every primitive is checked for its declared
kind (finite numbers, texts, tuples of known primitives), a drawing's every part for its
form and fonts, and anything else is a ValueError, which the cache takes as a miss
(cards/cache.py).
"""

from __future__ import annotations

import json
import math
import zlib
from dataclasses import fields
from sys import intern
from typing import Any

from cards.errors import CardsError
from cards.face import (
    FACTS,
    CardFace,
    Disc,
    DrawnFace,
    Fill,
    Label,
    Outline,
    Rule,
    Shape,
    TextLine,
)
from cards.fit import Fit
from cards.icons import Icon
from cards.layout import Layout
from cards.model import Spell
from cards.typeset import Line, LineRun

FORMAT = 5  # the layout of an entry's JSON; a different number is a foreign entry


class Uncacheable(CardsError):
    """A fit holds a value the entry format cannot write: it is fitted anew each time."""


_CLASSES = {
    cls.__name__: cls for cls in (TextLine, Label, Rule, Fill, Outline, Shape, Disc, Line, LineRun)
}
_FIELDS = {name: tuple(f.name for f in fields(cls)) for name, cls in _CLASSES.items()}
# The fields that hold tuples (written as JSON lists): read back as tuples, the others as is.
_TUPLE_FIELDS = {
    name: tuple(i for i, f in enumerate(fields(cls)) if str(f.type).startswith("tuple"))
    for name, cls in _CLASSES.items()
}
# A face's facts as written: all but its spell, the entry's own (`face.FACTS`).
_FACE_FIELDS = tuple(name for name in FACTS if name != "spell")
_SCALARS = {"float", "int", "str", "bool"}
# The fields of each class that hold anything but a number or a string: written by `plain`.
_NESTED = {
    name: tuple(i for i, f in enumerate(fields(cls)) if str(f.type) not in _SCALARS)
    for name, cls in _CLASSES.items()
}
# Classes whose fields are all numbers or strings: their values are written as they are.
_FLAT = {
    cls: name for name, cls in _CLASSES.items() if all(str(f.type) in _SCALARS for f in fields(cls))
}


def encode_fit(fit: Fit, layout: Layout, drawings: tuple | None = None) -> bytes:
    """Return a fit as an entry's bytes: compressed JSON of its faces' primitives.

    drawings: each face's finished drawing (`cards.paint.draw.face_drawings`), or None.
    The faces' spell is not written: it is the one the entry is found for. Raises
    Uncacheable for a value the format has no form for.
    """
    icons = {icon.name: icon for icon in layout.icons.values()}

    flat = _FLAT

    def plain(value: Any) -> Any:
        kind = type(value)
        name = flat.get(kind)
        if name is not None:  # json.dumps refuses (TypeError) a value of another kind
            return {"@": name, "v": list(vars(value).values())}
        if value is None or kind is str or kind is float or kind is int or kind is bool:
            return value
        if kind is tuple:
            return [plain(item) for item in value]
        name = kind.__name__
        if name in _CLASSES and kind is _CLASSES[name]:
            values = list(vars(value).values())
            for index in _NESTED[name]:
                values[index] = plain(values[index])
            return {"@": name, "v": values}
        if type(value) is Icon:
            if icons.get(value.name) == value:
                return {"icon": value.name}
            return {"@": "Icon", "v": [value.name, value.operators, plain(value.points)]}
        raise Uncacheable(f"no entry form for {type(value).__name__}")

    def dumps(value: Any) -> str:
        try:
            return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError) as error:
            raise Uncacheable(str(error)) from error

    faces, items = [], []
    for face in fit.faces:
        if type(face) is not CardFace:
            raise Uncacheable(f"no entry form for {type(face).__name__}")
        faces.append([plain(getattr(face, name)) for name in _FACE_FIELDS])
        items.append(dumps(plain(face.items)))
    head = {"format": FORMAT, "min_cards": fit.min_cards, "faces": faces}
    drawn = _FACE.join(_drawing_text(drawing) for drawing in drawings or ())
    sections = (dumps(head), _FACE.join(items), drawn)
    return zlib.compress(_SECTION.join(sections).encode(), 6)


def decode_fit(data: bytes, spell: Spell, layout: Layout) -> Fit:
    """Return the fit an entry's bytes hold, for this spell and layout.

    Raises ValueError (or a subclass) for bytes that are not a well-formed entry.
    """
    icons = {icon.name: icon for icon in layout.icons.values()}

    classes, tuple_fields = _CLASSES, _TUPLE_FIELDS

    def hook(obj: dict) -> Any:
        name = obj.get("@")
        if name is not None:
            values = obj["v"]
            if name == "Icon":
                return Icon(values[0], values[1], _tuples(values[2]))
            for index in tuple_fields[name]:  # tuples of objects (a Line's runs)
                values[index] = tuple(values[index])
            made = classes[name](*values)
            _check_fields(made)
            return made
        if "icon" in obj:
            return icons[obj["icon"]]
        return obj

    try:
        head, items, _ = _sections(data)
        faces = []
        for facts, text in zip(head["faces"], items.split(_FACE_BYTES), strict=True):
            values = dict(zip(_FACE_FIELDS, facts, strict=True))
            primitives = json.loads(text, object_hook=hook)
            if type(primitives) is not list:
                raise ValueError("items are not a list")
            face = CardFace(spell=spell, items=tuple(primitives), **values)
            _check_fields(face, skip=("spell",))
            faces.append(face)
        return _fit(faces, head)
    except (zlib.error, KeyError, TypeError, IndexError, AttributeError, OverflowError) as error:
        raise ValueError(f"not a cache entry: {error}") from error


def decode_drawn(data: bytes, spell: Spell, layout: Layout) -> Fit | None:
    """Return the fit an entry's bytes hold as `DrawnFace`s, for a PDF; None if it holds no
    drawings. The primitives are not read.

    Raises ValueError (or a subclass) for bytes that are not a well-formed entry.
    """
    fonts = frozenset(layout.fonts.values())
    try:
        head, _, drawn = _sections(data)
        if not drawn:
            return None
        faces = []
        drawings = drawn.decode().split(_FACE)
        for facts, drawing in zip(head["faces"], drawings, strict=True):
            values = dict(zip(_FACE_FIELDS, facts, strict=True))
            face = DrawnFace(spell=spell, drawing=_drawing(drawing, fonts), **values)
            _check_fields(face, skip=("spell", "drawing"))
            faces.append(face)
        return _fit(faces, head)
    except (zlib.error, KeyError, TypeError, IndexError, AttributeError, OverflowError) as error:
        raise ValueError(f"not a cache entry: {error}") from error


_SECTION, _FACE = "\x00", "\x1c"  # between an entry's sections; between its faces
_FACE_BYTES = _FACE.encode()


def _sections(data: bytes) -> tuple[dict, bytes, bytes]:
    """Return an entry's head (read), and its primitives' and drawings' sections (unread)."""
    head, items, drawn = zlib.decompress(data).split(_SECTION.encode())
    payload = json.loads(head)
    if type(payload) is not dict or payload["format"] != FORMAT:
        raise ValueError(f"entry format {payload['format']!r}")
    return payload, items, drawn


def _fit(faces: list, payload: dict) -> Fit:
    min_cards = payload["min_cards"]
    if type(min_cards) is not int or not 1 <= min_cards <= max(1, len(faces)):
        raise ValueError(f"min_cards {min_cards!r}")
    if not faces or any(face.parts != len(faces) for face in faces):
        raise ValueError("faces and their parts disagree")
    return Fit(tuple(faces), min_cards)


# A drawing in an entry is one text (a few long strings read faster than many short ones):
# its parts apart by RS, a text object's parts after GS apart by US, a font change SOH font
# STX "size Tf leading TL", a run ETX characters. No part of a drawing holds these characters
# (a drawing that would is not kept: `_drawing_text` raises Uncacheable).
_PART, _TEXT, _TEXT_PART, _FONT, _SIZE, _RUN = "\x1e", "\x1d", "\x1f", "\x01", "\x02", "\x03"
_SEPARATORS = frozenset(_PART + _TEXT + _TEXT_PART + _FONT + _SIZE + _RUN + "\x00\x1c")


def _drawing_text(drawing: tuple) -> str:
    """Return a drawing (`cards.paint.draw.Drawing`) as an entry's text of it."""

    def clean(text: str) -> str:
        if not _SEPARATORS.isdisjoint(text):
            raise Uncacheable("a drawing holds a separator")
        return text

    parts = [clean(drawing[0])]
    for op in drawing[1:]:
        if type(op) is str:
            parts.append(clean(op))
            continue
        text = []
        for part in op:
            if type(part) is str:
                text.append(clean(part))
            elif len(part) == 2:
                text.append(_FONT + clean(part[0]) + _SIZE + clean(part[1]))
            else:
                text.append(_RUN + clean(part[0]))
        parts.append(_TEXT + _TEXT_PART.join(text))
    return _PART.join(parts)


def _drawing(value: Any, fonts: frozenset[str]) -> tuple:
    """Return a drawing read back from its entry text; ValueError unless every part has its form.

    The form (`cards.paint.draw.Drawing`): what it asks of the document ("" or
    "transparency"), then operators (strings) and text objects (strings, font changes with
    a font of the layout, and runs, each after a font). An entry's bytes pass its checksum
    before this: the check is of form, so a foreign entry never reaches the painter.
    """
    if type(value) is not str:
        raise ValueError("not a drawing")
    parts = value.split(_PART)
    if parts[0] not in ("", "transparency") or len(parts) < 2:
        raise ValueError("not a drawing")
    ops: list = [parts[0]]
    for op in parts[1:]:
        if not op.startswith(_TEXT):
            ops.append(intern(op))
            continue
        text: list = []
        font = False  # a run needs a font before it
        for part in op[1:].split(_TEXT_PART):
            if part.startswith(_RUN):
                if not font:
                    raise ValueError("a run before its font")
                text.append((intern(part[1:]),))
            elif part.startswith(_FONT):
                name, separator, size = part[1:].partition(_SIZE)
                if name not in fonts or not separator:
                    raise ValueError("not a drawing's font")
                font = True
                text.append((intern(name), intern(size)))
            elif part.startswith((_SIZE, _TEXT)):
                raise ValueError("not a drawing's text")
            else:
                text.append(intern(part))
        ops.append(tuple(text))
    return tuple(ops)  # its strings shared with other drawings' (see paint.draw.shared)


_KNOWN = frozenset(_CLASSES.values())


_KINDS: dict[type, tuple[tuple[str, frozenset[str]], ...]] = {}  # a class's fields and kinds


def _kinds(cls: type) -> tuple[tuple[str, frozenset[str]], ...]:
    """Return each field of a dataclass with the kinds its annotation names, read once."""
    found = _KINDS.get(cls)
    if found is None:
        found = _KINDS[cls] = tuple(
            (f.name, frozenset(kind.strip() for kind in str(f.type).split("|")))
            for f in fields(cls)
        )
    return found


def _check_fields(value: Any, skip: tuple[str, ...] = ()) -> None:
    """Raise ValueError unless every field of a primitive holds a value of its declared kind.

    Numbers must be finite; "float | None" and such take any of their kinds; a tuple holds
    what the classes of the entry hold (checked as they are made).
    """
    for name, kinds in _kinds(type(value)):
        if name in skip:
            continue
        item = getattr(value, name)
        if item is None and "None" in kinds:
            continue
        if type(item) is bool:
            ok = "bool" in kinds
        elif type(item) is int:
            ok = bool(kinds & {"int", "float"})
        elif type(item) is float:
            ok = "float" in kinds and math.isfinite(item)
        elif type(item) is str:
            ok = "str" in kinds
        elif type(item) is tuple:
            ok = any(kind.startswith("tuple") for kind in kinds) and all(
                type(element) in _KNOWN for element in item
            )
        else:
            ok = type(item).__name__ in kinds
        if not ok:
            raise ValueError(f"{type(value).__name__}.{name} = {item!r:.40}")


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value
