"""A layout's colours beyond its [colours]: a school's own text colours, the print twins."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cards.config import Settings
from cards.messages import say


def school_texts(reader: Settings, table: str) -> Mapping[str, str]:
    """Read an optional table of text colours by school ([school_inks], [school_titles])."""
    keys = reader.table(table, required=False)
    return MappingProxyType({school: reader.colour(f"{table}.{school}") for school in keys})


def print_twins(reader: Settings) -> Mapping[str, tuple[float, float, float, float]]:
    """Read the optional [cmyk] table: four percentages per colour key or school."""
    inks = {}
    for key, value in reader.table("cmyk", required=False).items():
        if (
            not isinstance(value, list)
            or len(value) != 4
            or not all(
                isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 100
                for v in value
            )
        ):
            raise reader.fail(f"cmyk.{key}", say("config_cmyk"), value)
        inks[key] = tuple(v / 100 for v in value)
    return MappingProxyType(inks)
