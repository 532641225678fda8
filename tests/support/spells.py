"""Spell builders: a spell record with chosen blocks, a homebrew spell in the text format,
a layout variant."""

from __future__ import annotations

from pathlib import Path

from cards.model import Components, Origin, Paragraph, Spell

SENTENCE = (
    "Vrhneš energetickou kouli o průměru 4 couly na tvora, kterého vidíš v dosahu, "
    "a cíl utrpí zranění 3k8 tebou zvoleného typu. "
)
# A homebrew spell in the compendium's text format: its Czech name and its book to fill in.
_HOMEBREW = """{name}

Sparkling greeting

{book}

Iluze 0. úrovně

Vyvolání: 1 akce

Dosah: 2 sáhy

Složky: V, P

Trvání: 1 minuta

Povolání: Bard, Čaroděj

Nad tvou dlaní vytryskne sprška barevných jisker, která pozdraví tvora podle tvé volby.
"""


def homebrew_text(name: str = "Jiskřivý pozdrav", book: str = "Kouzla naší družiny") -> str:
    """Return the text of a homebrew spell (a bard's cantrip) of that name from that book."""
    return _HOMEBREW.format(name=name, book=book)


HOMEBREW_SPELL = homebrew_text()


def make_spell(
    *blocks,
    name: str = "Barevná koule",
    material: str = "",
    concentration: bool = False,
    ritual: bool = False,
    school: str = "Zaklínání",
    level: int = 1,
) -> Spell:
    """Return a spell with these description blocks (one sentence when none) and plain stats."""
    return Spell(
        name=name,
        name_en="Chromatic orb",
        sources=("Příručka hráče", "Jeskyně a draci"),
        school=school,
        level=level,
        ritual=ritual,
        casting_time="1 akce",
        range="18 sáhů",
        components=Components(True, True, bool(material), material),
        duration="1 minuta (soustředění)" if concentration else "Ihned",
        concentration=concentration,
        classes=("Čaroděj", "Kouzelník"),
        blocks=tuple(blocks) or (Paragraph(SENTENCE),),
        origin=Origin("test", 1),
    )


POKER_FILE = Path(__file__).resolve().parents[2] / "layouts" / "poker.toml"


def layout_variant(directory: Path, replacements: dict[str, str], name: str = "variant") -> Path:
    """Write a copy of layouts/poker.toml with `old = value` lines replaced; return its path.

    Keys are the TOML lines' left sides ("paragraph_gap", "width_mm", "body = "...).
    """
    import re

    text = POKER_FILE.read_text(encoding="utf-8")
    for key, value in replacements.items():
        pattern = re.compile(rf"^{re.escape(key)} = .*$", re.MULTILINE)
        if not pattern.search(text):
            raise KeyError(key)
        text = pattern.sub(f"{key} = {value}", text, count=1)
    path = directory / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def write_spell_file(folder: Path, data: bytes | str, name: str = "k.txt") -> Path:
    """Write a spell file of text (UTF-8) or raw bytes into folder; return its path."""
    path = folder / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path
