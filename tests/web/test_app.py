"""The app (cards/web/app.py) safe by default: the Host check, cross-site POSTs, body size,
unknown paths, headers, errors."""

from __future__ import annotations

import logging

import pytest

from cards.web.app import allowed_hosts, create_app


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:8517", "127.0.0.2", "localhost.evil"]
)
def test_foreign_host_is_400(client, host):
    """A Host header that is not the server's own (DNS rebinding) gets 400, page and API."""
    for path in ("/", "/api/spells?level=9"):
        response = client.get(path, headers={"Host": host})
        assert response.status_code == 400
        assert "hostitele" in response.get_data(as_text=True)


@pytest.mark.parametrize("host", ["127.0.0.1:8517", "localhost:8517", "localhost", "[::1]:8517"])
def test_own_host_is_answered(client, host):
    """The loopback names are the server's own."""
    assert client.get("/api/spells?level=9", headers={"Host": host}).status_code == 200


def test_host_with_a_known_port():
    """Once the port is known (cards serve), another port is refused; --host adds its name."""
    hosts = allowed_hosts("192.168.1.5", 8517)
    assert {"127.0.0.1:8517", "localhost:8517", "192.168.1.5:8517"} <= hosts
    app = create_app({"WARM": False, "BUILD_WORKERS": 0, "HOST": "192.168.1.5", "PORT": 8517})
    client = app.test_client()
    assert (
        client.get("/api/spells?level=9", headers={"Host": "192.168.1.5:8517"}).status_code == 200
    )
    assert client.get("/api/spells?level=9", headers={"Host": "127.0.0.1:9999"}).status_code == 400
    assert client.get("/api/spells?level=9", headers={"Host": "localhost"}).status_code == 400


CROSS_SITE = [
    {"Origin": "http://evil.example"},
    {"Origin": "null"},
    {"Origin": "http://localhost:9999"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site", "Origin": "http://localhost"},
]


@pytest.mark.parametrize("headers", CROSS_SITE, ids=lambda h: ",".join(h.values()))
def test_cross_site_post_is_403(client, headers):
    """A POST sent by another site's page gets 403, whatever it asks."""
    for path in ("/api/count", "/api/pdf", "/hledat"):
        response = client.post(path, json={"spells": ["Ohnivá koule"]}, headers=headers)
        assert response.status_code == 403
        assert "cizí stránky" in response.get_data(as_text=True)


def test_same_origin_post_is_answered(client):
    """The page's own POST (same origin) and a script's (no Origin) are answered."""
    body = {"spells": ["Ohnivá koule"]}
    same = {"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"}
    assert client.post("/api/count", json=body, headers=same).status_code == 200
    assert client.post("/api/count", json=body).status_code == 200


def test_body_over_2_mib_is_413(client):
    """A body over 2 MiB gets 413 before it is read; just under is read."""
    big = {"name": "x.txt", "text": "a" * (2 * 1024 * 1024)}
    response = client.post("/api/lint", json=big)
    assert response.status_code == 413
    assert "2 MiB" in response.json["error"]
    fits = {"name": "x.txt", "text": "a" * (2 * 1024 * 1024 - 100)}
    assert client.post("/api/lint", json=fits).status_code == 200


@pytest.mark.parametrize(
    "path", ["/nic", "/api/nic", "/../etc/passwd", "/static/../../pyproject.toml"]
)
def test_unknown_path_is_404(client, path):
    """Paths outside the app get 404 with a Czech message."""
    response = client.get(path)
    assert response.status_code == 404
    assert "nenalezena" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "path", ["/", "/api/spells?level=9", "/api/nic", "/api/preview/Štít.png?dpi=50"]
)
def test_strict_headers_everywhere(client, path):
    """Every response: a strict CSP (no inline script or framing), same-origin referrer, nosniff."""
    headers = client.get(path).headers
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "default-src 'self'" in policy and "object-src 'none'" in policy
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"


def test_no_traceback_reaches_the_page(app, client, monkeypatch, caplog):
    """An unexpected error: a Czech message, status 500, the traceback only in the log."""
    engine = app.extensions["cards"]

    def broken(*args, **kwargs):
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(engine, "count", broken)
    with caplog.at_level(logging.ERROR, logger="cards.web"):
        response = client.post("/api/count", json={"spells": ["Ohnivá koule"]})
    assert response.status_code == 500
    text = response.get_data(as_text=True)
    assert "Traceback" not in text and "secret" not in text and "RuntimeError" not in text
    assert "pokazilo" in response.json["error"]
    assert "secret internal detail" in caplog.text


def test_library_error_is_czech_400(app, client, monkeypatch):
    """A refusal of the library that the API does not name is 400 in Czech, not 500."""
    from cards.errors import CardsError

    def refuse(*args, **kwargs):
        raise CardsError("something the user can fix")

    monkeypatch.setattr(app.extensions["cards"], "count", refuse)
    response = client.post("/api/count", json={"spells": ["Ohnivá koule"]})
    assert response.status_code == 400
    assert response.json["error"].startswith("Nelze splnit")


def test_nothing_written_outside_a_temporary_folder(client, tmp_path, monkeypatch):
    """A PDF and a preview leave the working folder untouched (no out/, no stray files)."""
    monkeypatch.chdir(tmp_path)
    assert client.post("/api/pdf", json={"spells": ["Štít"], "sheet": "none"}).status_code == 200
    assert client.get("/api/preview/Štít.png?dpi=50").status_code == 200
    assert list(tmp_path.iterdir()) == []
