"""The web app in-process (Flask's test client) with one build pool for the session."""

from __future__ import annotations

import pytest

HOMEBREW = """Jiskřivý pozdrav

Sparkling greeting

Kouzla naší družiny

Iluze 0. úrovně

Vyvolání: 1 akce

Dosah: 2 sáhy

Složky: V, P

Trvání: 1 minuta

Povolání: Bard, Čaroděj

Nad tvou dlaní vytryskne sprška barevných jisker, která pozdraví tvora podle tvé volby.
"""

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


@pytest.fixture(scope="session")
def app():
    """One app for the session: the embedded compendium, two build processes, no warm-up."""
    from cards.web.app import create_app

    app = create_app({"WARM": False, "BUILD_WORKERS": 2})
    yield app
    app.extensions["cards"].pool.shutdown()


@pytest.fixture
def client(app):
    """A test client whose requests name the server as a browser on 127.0.0.1 would."""
    return app.test_client()


def homebrew(name: str = "Jiskřivý pozdrav", text: str = HOMEBREW) -> list[dict]:
    """The "add" field of a request: one spell file of the user's (optionally renamed)."""
    return [{"name": "druzina.txt", "text": text.replace("Jiskřivý pozdrav", name)}]
