"""The API's detail filters and ranked search: the same as cards.spellfilters and cards.names."""

from __future__ import annotations


def test_detail_filters(client):
    """casting, range, duration and components narrow the list; several values widen it."""
    reactions = client.get("/api/spells?casting=reakce").json
    assert "Štít" in {s["name"] for s in reactions}
    both = client.get("/api/spells?casting=reakce&casting=bonusova").json
    assert len(both) > len(reactions)
    near_now = client.get("/api/spells?range=dotyk&duration=ihned&components=-S").json
    assert near_now and len(near_now) < len(reactions) * 10
    words = client.post("/api/spells", json={"words": "neviditelny"}).json
    assert "Neviditelnost" in {s["name"] for s in words}


def test_unknown_filter_value_names_the_field(client):
    """A range that is no key: 400 naming dosah (range) and the keys."""
    response = client.get("/api/spells?range=vedle")
    assert response.status_code == 400
    assert response.json["field"] == "range"
    assert response.json["error"].startswith("dosah (range): neznámá volba „vedle“")


def test_search_ranks_before_the_sort(client):
    """q's best matches come first whatever the sort: "stit" by level starts with Štít."""
    found = [s["name"] for s in client.get("/api/spells?q=stit&sort=level").json]
    assert found[0] == "Štít"
