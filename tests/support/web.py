"""What the web tests send: a homebrew spell file, a deck written as a player writes it."""

from __future__ import annotations

from tests.support.spells import HOMEBREW_SPELL as HOMEBREW  # its text, as a web client sends it

# A deck with a name in two books, a spell on two cards and names written as a player does.
DECK = [
    "Ohnivá koule",
    "magicka strela",
    "Světlo (Příručka hráče)",
    "Druidství (Jeskyně a draci)",
    "Časovaná ohnivá koule",
    "shield",
    "Zmrtvýchvstání",
]


def homebrew(name: str = "Jiskřivý pozdrav", text: str = HOMEBREW) -> list[dict]:
    """The "add" field of a request: one spell file of the user's (optionally renamed)."""
    return [{"name": "druzina.txt", "text": text.replace("Jiskřivý pozdrav", name)}]
