"""The host names a club's server answers to: CARDS_HOSTS with ports, a wildcard's own addresses."""

from __future__ import annotations

import pytest

WILDCARD_HOST = "192.0.2.2"  # the machine's own LAN address, as the connection reached it


@pytest.fixture
def make_client(monkeypatch):
    """A test client of an app made with CARDS_HOSTS and the server's own address given."""
    from cards.web.app import create_app

    made = []

    def make(hosts: str | None = None, **config):
        if hosts is None:
            monkeypatch.delenv("CARDS_HOSTS", raising=False)
        else:
            monkeypatch.setenv("CARDS_HOSTS", hosts)
        app = create_app({"WARM": False, "BUILD_WORKERS": 0, **config})
        made.append(app)
        return app.test_client()

    return make


def _status(client, host: str, local: str | None = None) -> int:
    environ = {"cards.local_address": local} if local else {}
    return client.get("/api/spells?level=9", headers={"Host": host}, environ_base=environ)


@pytest.mark.parametrize(
    ("hosts", "good", "bad"),
    [
        (
            "kouzla.example.org:8000",
            ["kouzla.example.org:8000", "KOUZLA.example.org:8000"],
            ["kouzla.example.org:9000", "kouzla.example.org"],
        ),
        (
            "kouzla.example.org",
            ["kouzla.example.org", "kouzla.example.org:8000"],
            ["jinde.example.org"],
        ),
        (
            " a.example.org , b.example.org:81 ",
            ["a.example.org:80", "b.example.org:81"],
            ["b.example.org:82"],
        ),
        ("[2001:db8::5]:8000", ["[2001:db8::5]:8000"], ["[2001:db8::5]:9000"]),
        ("2001:db8::5", ["[2001:db8::5]", "[2001:db8::5]:8000"], ["[2001:db8::6]"]),
    ],
)
def test_cards_hosts_takes_names_with_and_without_ports(make_client, hosts, good, bad):
    """CARDS_HOSTS: a name (any port), name:port (that port), IPv6 literals with or without."""
    client = make_client(hosts)
    for host in good:
        assert _status(client, host).status_code == 200, host
    for host in bad:
        assert _status(client, host).status_code == 400, host


def test_a_wildcard_server_answers_to_the_address_it_was_reached_at(make_client):
    """--host 0.0.0.0: a player using the machine's LAN address is answered, a name is not."""
    client = make_client(None, HOST="0.0.0.0", PORT=8517)
    assert _status(client, f"{WILDCARD_HOST}:8517", local=WILDCARD_HOST).status_code == 200
    assert _status(client, f"{WILDCARD_HOST}:8517", local="192.0.2.3").status_code == 400
    assert _status(client, "kouzla.example.org:8517", local=WILDCARD_HOST).status_code == 400
    assert _status(client, "127.0.0.1:8517").status_code == 200


def test_a_refused_host_names_the_setting_that_allows_it(make_client):
    """The 400 of an unknown host says which setting adds it: CARDS_HOSTS, with an example."""
    client = make_client(None)
    for path in ("/api/spells", "/"):
        response = client.get(path, headers={"Host": "kouzla.example.org:8000"})
        assert response.status_code == 400
        text = response.get_data(as_text=True)
        assert "CARDS_HOSTS=kouzla.example.org:8000" in text, text
        assert "DNS rebinding" in text
