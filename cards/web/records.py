"""What the API answers besides errors: a spell and a deck's summary as records, and the
library's messages as a web client reads them."""

from __future__ import annotations

import re

from cards.model import Spell
from cards.service import DeckSummary


def spell_record(spell: Spell, label: str, cards: int | None = None) -> dict:
    """One spell as the API lists it."""
    record = {
        "label": label,
        "name": spell.name,
        "english": spell.name_en or "",
        "level": spell.level,
        "school": spell.school,
        "source": spell.sources[0] if spell.sources else "",
        "sources": list(spell.sources),
        "classes": list(spell.classes),
        "ritual": spell.ritual,
        "concentration": spell.concentration,
    }
    if cards is not None:
        record["cards"] = cards
    return record


def summary_record(summary: DeckSummary) -> dict:
    return {
        "spells": summary.spells,
        "cards": summary.cards,
        "sheets": summary.sheets,
        "text": summary.text,
    }


def ascii_summary(summary: DeckSummary) -> str:
    """The summary in a response header, in ASCII."""
    return f"spells={summary.spells}; cards={summary.cards}; sheets={summary.sheets}"


def for_web(text: str) -> str:
    """A library message for a web client: no install paths, no advice meant for the CLI."""
    text = re.sub(r"(?:[A-Za-z]:)?[/\\](?:[^\s:/\\]+[/\\])+([^\s:/\\]+)", r"\1", text)
    for cli, web in WEB_ADVICE.items():
        text = text.replace(cli, web)
    return text


WEB_ADVICE = {  # the CLI's advice in library messages, as a page's user would follow it
    "zkopírujte soubor archu, rozšiřte mezery a zadejte ho volbou --sheet SOUBOR.toml, nebo "
    "tiskněte jednotlivé karty (--sheet none)": "zmenšete spadávku, nebo tiskněte jednotlivé "
    "karty (papír: jednotlivé karty)",
}
