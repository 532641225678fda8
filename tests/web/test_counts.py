"""The page's card counts: the compendium is counted once at start, whoever asks first."""

from __future__ import annotations

import threading

from cards.cache import default_cache
from cards.source.library import load_spells
from cards.web.app import create_app


def test_the_warm_up_and_the_first_request_count_each_spell_once(tmp_path, monkeypatch):
    """The first request starts the warm-up and asks for every count itself at once: each
    spell is fitted once (one look into the fit cache each), not once per thread."""
    monkeypatch.setenv("CARDS_CACHE_DIR", str(tmp_path / "cache"))
    spells = load_spells()[:40]  # more than a request fits alone, quick to fit
    app = create_app({"WARM": True, "BUILD_WORKERS": 0, "SPELLS": spells})
    response = app.test_client().get("/api/spells")
    assert response.status_code == 200
    counted = [spell["cards"] for spell in response.json]
    assert len(counted) == len(spells) and all(cards >= 1 for cards in counted)
    for thread in threading.enumerate():
        if thread.name == "cards-warm":
            thread.join(60)
    stats = default_cache().stats
    assert stats.misses == len(spells)  # each fitted once, in one thread or the other
    assert stats.hits == 0
