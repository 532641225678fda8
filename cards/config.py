"""One reader for the settings files (card layouts and sheets): keys, types, ranges, defaults, base.

A settings file is TOML read through the input gate (`cards.inputs.load_toml`: a regular file,
bounded in size, nesting and digits). Its tables and keys are checked against a schema (a
misspelt key is refused with the nearest name), a `base` file's tables are merged under the
file's own key by key, and every value is read with its type and range. Every message is Czech
and has the shape `file: key: message`. `catalogue()` is the one scan of layouts/.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cards.errors import CardsError
from cards.inputs import InputError, load_toml
from cards.messages import say
from cards.resources import folder

LAYOUT_DIR = folder("layouts")
SMALLEST_TYPE = 5.5  # points: nothing the tool prints is set smaller (layouts may ask for more)
MAX_BASES = 32  # a theme of a theme of poker is 2; a longer chain is a mistake (or a loop)
_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_TOML_PLACE = re.compile(r"\(at line (\d+), column (\d+)\)")
_SHOWN = 60  # characters of a bad value quoted in a message


class ConfigError(CardsError):
    """A settings file (a layout, a sheet) is unreadable or holds a bad value."""


@dataclass(frozen=True)
class Number:
    """A number key: its range (inclusive), its default (None: required), whole or not, unit."""

    low: float
    high: float
    default: float | None = None
    whole: bool = False
    unit: str = ""  # shown after the range: "mm", "pt"
    above: bool = False  # the low end itself is refused (a paper of 0 mm)

    def expected(self) -> str:
        """Say in Czech what the key takes."""
        key = "config_whole" if self.whole else "config_number"
        if self.above:
            key += "_above"
        unit = f" {self.unit}" if self.unit else ""
        return say(key, low=f"{self.low:g}", high=f"{self.high:g}", unit=unit)


# A schema: each top-level name maps to None (a plain key) or to the keys its table may hold.
Schema = Mapping[str, Collection[str] | None]


def shown(value: object) -> str:
    """Return a value as the user wrote it in TOML, shortened: "abc", 12, true, [1, "a"]."""
    text = _toml(value)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, dict):
        return say("config_a_table")
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return repr(value)


def did_you_mean(key: str, allowed: Collection[str]) -> str:
    """Return " (měli jste na mysli x?)" for the allowed name nearest a misspelt one, or ""."""
    import difflib  # only when a key is misspelt

    lowered = {name.lower(): name for name in allowed}
    near = difflib.get_close_matches(key.lower(), list(lowered), n=1, cutoff=0.6)
    return say("config_did_you_mean", name=lowered[near[0]]) if near else ""


def read_file(path: Path, error: type[ConfigError] = ConfigError) -> dict:
    """Read a settings file through the input gate; bad TOML is named with its line."""
    try:
        return load_toml(path)
    except tomllib.TOMLDecodeError as failure:
        place = _TOML_PLACE.search(str(failure))
        if place is None:
            raise error(say("config_toml", file=path, line="", column="?")) from None
        line, column = place.groups()
        raise error(say("config_toml", file=path, line=f":{line}", column=column)) from None
    except InputError as failure:
        raise error(str(failure)) from None


def check_keys(data: Mapping, schema: Schema, source: object, error: type[ConfigError]) -> None:
    """Refuse a table or key the schema does not have (grid.colums), naming the nearest."""
    for name, value in data.items():
        if name not in schema:
            message = "config_unknown_table" if isinstance(value, dict) else "config_unknown_key"
            raise error(
                say(
                    message,
                    file=source,
                    setting=name,
                    hint=did_you_mean(name, schema),
                    choices=", ".join(schema),
                )
            )
        inner = schema[name]
        if inner is None or not isinstance(value, dict):
            continue
        for key in value:
            if key not in inner:
                raise error(
                    say(
                        "config_unknown_key",
                        file=source,
                        setting=f"{name}.{key}",
                        hint=did_you_mean(key, inner),
                        choices=", ".join(sorted(inner)),
                    )
                )


def with_base(
    path: Path,
    data: dict,
    resolve: Callable[[Path, object], Path],
    check: Callable[[Path, dict], None],
    error: type[ConfigError] = ConfigError,
) -> tuple[dict, tuple[Path, ...]]:
    """Return a file's tables merged over those of its `base` chain, and the chain's files.

    A table of a file replaces its base's values key by key (a [type] table naming only body
    sizes keeps the base's other sizes); a key outside tables replaces the base's. `resolve`
    finds a base file from the file naming it and the value; `check` checks each file read.
    The chain is walked in a loop, so a long one costs no stack; it is refused past MAX_BASES.
    """
    chain = [(path, data)]
    seen = [path.resolve()]
    while "base" in chain[-1][1]:
        current, own = chain[-1]
        value = own["base"]
        if len(chain) > MAX_BASES:
            raise error(
                say(
                    "config_base_chain",
                    file=current,
                    value=shown(value),
                    limit=MAX_BASES,
                    first=path,
                )
            )
        base_path = resolve(current, value)
        resolved = base_path.resolve()
        if resolved in seen:
            names = " -> ".join(p.name for p in (*seen, resolved))
            raise error(say("config_base_cycle", file=current, value=shown(value), names=names))
        base = read_file(base_path, error)
        check(base_path, base)
        chain.append((base_path, base))
        seen.append(resolved)
    merged: dict = {}
    for index, (_, own) in enumerate(reversed(chain)):
        if index:
            merged.pop("description", None)
        for key, value in own.items():
            if key == "base":
                continue
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                merged[key] = {**merged[key], **value}
            else:
                merged[key] = value
    return merged, tuple(p for p, _ in chain)


class Settings:
    """One settings file's merged data, read key by key; every error names the file and key."""

    def __init__(self, source: object, data: Mapping, error: type[ConfigError] = ConfigError):
        self.source = source
        self.data = data
        self.error = error

    def fail(self, key: str, expected: str, value: object) -> ConfigError:
        """Return the error for a bad value: `file: key: čekáno …, zadáno …`."""
        return self.error(
            say("config_bad", file=self.source, setting=key, expected=expected, value=shown(value))
        )

    def missing(self, key: str, expected: str) -> ConfigError:
        """Return the error for a key that must be given."""
        return self.error(say("config_missing", file=self.source, setting=key, expected=expected))

    def get(self, key: str, default: object = None) -> object:
        """Return the value at a dotted key ("grid.columns"), or `default` when absent."""
        value: object = self.data
        for part in key.split("."):
            if not isinstance(value, Mapping) or part not in value:
                return default
            value = value[part]
        return value

    def has(self, key: str) -> bool:
        """Tell whether the file (with its bases) gives a key."""
        return self.get(key, _ABSENT) is not _ABSENT

    def table(self, key: str, *, required: bool = True) -> Mapping:
        """Return a table; an absent optional table is empty."""
        value = self.get(key, _ABSENT)
        if value is _ABSENT and not required:
            return {}
        if not isinstance(value, dict):
            expected = say("config_table", setting=key)
            if value is _ABSENT:
                raise self.missing(key, expected)
            raise self.fail(key, expected, value)
        return value

    def number(self, key: str, spec: Number) -> float:
        """Return a number key checked against its type and range (its default when absent)."""
        value = self.get(key, _ABSENT)
        if value is _ABSENT:
            if spec.default is None:
                raise self.missing(key, spec.expected())
            return float(spec.default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(key, spec.expected(), value)
        # The range first: an int of 400 digits compares exactly but is no float (isfinite).
        if not spec.low <= value <= spec.high or not math.isfinite(value):
            raise self.fail(key, spec.expected(), value)
        if spec.above and value == spec.low:
            raise self.fail(key, spec.expected(), value)
        if spec.whole and value != int(value):
            raise self.fail(key, spec.expected(), value)
        return float(value)

    def colour(self, key: str) -> str:
        """Return a colour "#rrggbb", lower-case."""
        value = self.get(key)
        if not isinstance(value, str) or not _HEX.fullmatch(value):
            raise self.fail(key, say("config_colour"), value)
        return value.lower()

    def text(self, key: str, default: str) -> str:
        """Return a text key, or `default`."""
        value = self.get(key, default)
        if not isinstance(value, str):
            raise self.fail(key, say("config_text"), value)
        return value

    def choice(self, key: str, choices: Collection[str], default: str) -> str:
        """Return one of the `choices`, or `default`."""
        value = self.get(key, default)
        if value not in choices:
            raise self.fail(
                key, say("config_choice", choices=", ".join(f'"{c}"' for c in choices)), value
            )
        return value  # type: ignore[return-value]


_ABSENT = object()


@lru_cache(maxsize=8)
def _scan(folder_path: Path, stamp: tuple) -> tuple[tuple[str, str], ...]:
    kinds = []
    for path in sorted(folder_path.glob("*.toml")):
        try:
            data = load_toml(path)
        except (tomllib.TOMLDecodeError, CardsError):
            continue
        kind = data.get("kind")
        if kind == "sheet":
            kinds.append((path.stem, "sheet"))
        elif kind == "card" or "base" in data:
            kinds.append((path.stem, "card"))
    return tuple(kinds)


def catalogue(kind: str) -> tuple[str, ...]:
    """Return the names of the settings files of a kind ("card" or "sheet") under layouts/.

    The one scan of layouts/: read again only when a file there changed (name, size, time).
    """
    files = sorted(LAYOUT_DIR.glob("*.toml"))
    stamp = tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in files)
    return tuple(name for name, found in _scan(LAYOUT_DIR, stamp) if found == kind)
