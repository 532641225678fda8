"""Every request is bounded: its cost, its wait, its time, its client, the server's memory."""

from __future__ import annotations

import json
import re
import socket
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.cli import main
from tests.support.processes import start_serve
from tests.support.web import HOMEBREW, homebrew

BIN = Path(sys.executable).parent
SENTENCE = "Hvězdný proud zasáhne každého tvora v oblasti a rozptýlí se do jisker. "
LONG_SPELL_CHARS = 735_000  # the breaker's homebrew spell: about a thousand mini cards


def _long_homebrew(name: str, characters: int) -> str:
    """A spell file of one spell whose description is about `characters` long."""
    paragraphs = []
    while sum(map(len, paragraphs)) < characters:
        paragraphs.append(SENTENCE * 8)
    text = HOMEBREW.replace("Jiskřivý pozdrav", name)
    return text + "\n" + "\n\n".join(paragraphs) + "\n"


def _pool_idle(app) -> bool:
    return app.extensions["cards"].pool.busy_pids() == []


def test_a_deck_over_the_card_bound_is_refused_before_any_build(app, client):
    """A ten-card homebrew spell listed 5,000 times: a Czech 413 naming the bound, at once."""
    from cards.web.app import MAX_CARDS

    add = homebrew(text=_long_homebrew("Jiskřivý pozdrav", 6_000))
    one = client.post("/api/count", json={"spells": ["Jiskřivý pozdrav"], "add": add})
    assert one.status_code == 200 and one.get_json()["cards"] >= 5
    started = time.monotonic()
    response = client.post(
        "/api/pdf", json={"spells": ["Jiskřivý pozdrav"] * 5000, "add": add, "backs": True}
    )
    assert time.monotonic() - started < 10
    assert response.status_code == 413
    body = response.get_json()
    assert f"nejvýše {MAX_CARDS:,} karet".replace(",", " ") in body["error"]
    assert body["field"] == "spells"
    assert _pool_idle(app)


@pytest.mark.slow  # counts the whole compendium in every layout (from the run's fit cache)
def test_the_whole_compendium_in_every_layout_is_within_the_bound(client):
    """The bound lets through the whole compendium in any layout, with backs, folded or not."""
    from cards.layout import list_layouts
    from cards.web.app import MAX_CARDS

    labels = [s["label"] for s in client.get("/api/spells").get_json()]
    for layout in list_layouts():
        for cob in (False, True):
            deck = {"spells": labels, "layout": layout, "backs": True, "continue_on_back": cob}
            cards = client.post("/api/count", json=deck).get_json()["cards"]
            assert 400 < cards <= MAX_CARDS / 1.5, (layout, cob, cards)


def test_the_count_memo_is_bounded_under_a_looping_client():
    """Requests each with another homebrew spell: the server's counter keeps a bounded number.

    The bound (DeckCounter.MAX_PARTS, 20,000) is lowered to 3 on a fresh app's counter, so
    that six requests pass it (tests/unit/test_service.py checks the counter's own rule)."""
    from cards.web.app import create_app

    app = create_app({"WARM": False, "BUILD_WORKERS": 0})  # counts in this process
    counter = app.extensions["cards"].counter
    counter.MAX_PARTS = 3
    client = app.test_client()
    sizes = []
    for number in range(6):
        name = f"Jiskřivý pozdrav {number}"
        response = client.post("/api/count", json={"spells": [name], "add": homebrew(name)})
        assert response.status_code == 200 and response.get_json()["cards"] == 1
        sizes.append(len(counter))
    assert sizes == [1, 2, 3, 3, 3, 3]


@pytest.fixture
def small_app():
    """An app with one build worker, no queue and a short time limit."""
    from cards.web.app import create_app

    app = create_app({"WARM": False, "BUILD_WORKERS": 1, "BUILD_QUEUE": 0})
    yield app
    app.extensions["cards"].pool.shutdown()


def _whole_compendium(app) -> list[str]:
    return list(app.extensions["cards"].labels.values())


@pytest.mark.slow  # a worker starts and builds (stopped after a few seconds)
def test_a_full_queue_answers_503_with_retry_after(small_app):
    """One worker busy and no room to wait: the next PDF is a Czech 503 with Retry-After."""
    client = small_app.test_client()
    labels = _whole_compendium(small_app)
    # Counted first: the PDF's card bound would count them in the worker, and the deck of one
    # spell could find the worker idle between that count and the build (a 200, not a 503).
    assert client.post("/api/count", json={"spells": labels}).status_code == 200
    first = threading.Thread(
        target=client.post, args=("/api/pdf",), kwargs={"json": {"spells": labels}}
    )
    first.start()
    deadline = time.monotonic() + 60
    while _pool_idle(small_app) and time.monotonic() < deadline:
        time.sleep(0.05)
    response = small_app.test_client().post("/api/pdf", json={"spells": ["Štít"]})
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) > 0
    assert "zkuste to znovu" in response.get_json()["error"]
    small_app.extensions["cards"].pool.shutdown()
    first.join(30)


@pytest.mark.slow  # a worker starts and builds for a second
def test_a_build_past_the_time_limit_is_stopped():
    """A build over BUILD_TIME_LIMIT is stopped: a Czech 503 naming the limit, nothing left."""
    from cards.web.app import create_app

    app = create_app({"WARM": False, "BUILD_WORKERS": 1, "BUILD_TIME_LIMIT": 0.1})
    client = app.test_client()
    try:
        started = time.monotonic()
        response = client.post("/api/pdf", json={"spells": _whole_compendium(app)})
        assert response.status_code == 503
        assert "déle než 0.1 s" in response.get_json()["error"]
        assert time.monotonic() - started < 30
        assert _pool_idle(app)
    finally:
        app.extensions["cards"].pool.shutdown()


def _drop_after(url: str, body: dict, seconds: float) -> None:
    """POST a body, then close the connection without reading the answer."""
    host, port = re.match(r"http://([\d.]+):(\d+)/", url).groups()
    data = json.dumps(body).encode()
    with socket.create_connection((host, int(port))) as sock:
        head = (
            f"POST /api/pdf HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n"
        )
        sock.sendall(head.encode() + data)
        time.sleep(seconds)


@pytest.mark.slow  # a server with two workers: two compendium builds started, then dropped
def test_a_build_whose_client_left_is_stopped(tmp_path):
    """Two whole-compendium requests dropped after 3 s: a one-spell PDF comes in 20 s."""
    process = start_serve(tmp_path)
    try:
        url = process.stdout.readline().strip()
        with urllib.request.urlopen(url + "api/spells", timeout=60) as answer:
            labels = [s["label"] for s in json.loads(answer.read())]
        drops = [
            threading.Thread(target=_drop_after, args=(url, {"spells": labels}, 3))
            for _ in range(2)
        ]
        for drop in drops:
            drop.start()
        for drop in drops:
            drop.join()
        started = time.monotonic()
        request = urllib.request.Request(
            url + "api/pdf",
            json.dumps({"spells": ["Štít"]}).encode(),
            {"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=20) as answer:
            assert answer.status == 200 and answer.read().startswith(b"%PDF")
        assert time.monotonic() - started < 20
    finally:
        process.terminate()
        process.wait(30)


def test_a_spell_too_long_for_the_paginator_is_refused_by_lint_and_deck(tmp_path):
    """A 735 kB homebrew spell: lint and deck name the limit in Czech, no traceback, exit 1."""
    from cards.source.library import MAX_SPELL_TEXT

    path = tmp_path / "dlouhe.txt"
    path.write_text(_long_homebrew("Nekonečný proud", LONG_SPELL_CHARS), encoding="utf-8")
    limit = f"{MAX_SPELL_TEXT:,}".replace(",", " ")
    for args in (
        ["lint", "--add", str(path)],
        ["deck", "-", "--add", str(path), "--layout", "mini", "-o", str(tmp_path / "d.pdf")],
    ):
        result = CliRunner().invoke(main, args, input="Nekonečný proud\n")
        assert result.exit_code == 1, result.output
        assert (
            "Traceback" not in result.output
            and result.exception is None
            or isinstance(result.exception, SystemExit)
        )
        assert "dlouhe.txt:1" in result.output
        assert f"nejvýše {limit} znaků" in result.output
    assert not (tmp_path / "d.pdf").exists()


def test_a_spell_too_long_is_refused_by_the_api(client):
    """The same spell through the API: lint names the limit, a PDF is a 400, quickly."""
    from cards.source.library import MAX_SPELL_TEXT

    add = homebrew(text=_long_homebrew("Jiskřivý pozdrav", LONG_SPELL_CHARS))
    started = time.monotonic()
    lint = client.post("/api/lint", json=add[0]).get_json()
    assert not lint["ok"]
    limit = f"{MAX_SPELL_TEXT:,}".replace(",", " ")
    assert any(f"nejvýše {limit} znaků" in error["message"] for error in lint["errors"])
    pdf = client.post(
        "/api/preview", json={"spell": "Jiskřivý pozdrav", "add": add, "layout": "mini"}
    )
    assert pdf.status_code == 400 and f"nejvýše {limit} znaků" in pdf.get_json()["error"]
    assert time.monotonic() - started < 20


@pytest.mark.slow  # two whole-compendium builds started (stopped when the small one is done)
def test_a_small_pdf_does_not_wait_behind_two_compendia():
    """Two compendia asked first: a two-spell PDF still gets a worker and comes back quickly."""
    from cards.web.app import create_app

    app = create_app({"WARM": False, "BUILD_WORKERS": 2})
    client = app.test_client()
    labels = _whole_compendium(app)
    big = [
        threading.Thread(
            target=app.test_client().post, args=("/api/pdf",), kwargs={"json": {"spells": labels}}
        )
        for _ in range(2)
    ]
    try:
        for thread in big:
            thread.start()
        deadline = time.monotonic() + 60
        while _pool_idle(app) and time.monotonic() < deadline:
            time.sleep(0.05)
        started = time.monotonic()
        small = client.post("/api/pdf", json={"spells": ["Štít", "Ohnivá koule"]})
        took = time.monotonic() - started
        assert small.status_code == 200
        assert len(app.extensions["cards"].pool.busy_pids()) == 1  # the other compendium waits
        assert took < 20, took
    finally:
        app.extensions["cards"].pool.shutdown()
        for thread in big:
            thread.join(30)


@pytest.mark.slow  # eight previews of a long spell fitted in build processes
def test_previews_of_a_long_spell_leave_the_short_ones_quick(app):
    """Eight previews of a 48,000-character spell at once: a one-card preview still comes fast."""
    from cards.select import find_spell
    from cards.service import preview_png, spells_with

    add = homebrew(text=_long_homebrew("Jiskřivý pozdrav", 48_000))
    ask = {"spell": "Jiskřivý pozdrav", "add": add, "dpi": 50}
    answers = []
    threads = [
        threading.Thread(
            target=lambda: answers.append(app.test_client().post("/api/preview", json=ask))
        )
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    started = time.monotonic()
    short = app.test_client().get("/api/preview/Štít.png?dpi=50")
    took = time.monotonic() - started
    for thread in threads:
        thread.join(120)
    assert short.status_code == 200
    assert took < 2, took
    from cards.service import SpellFile

    every = spells_with(app.extensions["cards"].base, (SpellFile(add[0]["name"], add[0]["text"]),))
    expected = preview_png(find_spell(every, "Jiskřivý pozdrav"), dpi=50)
    assert [a.status_code for a in answers] == [200] * 8
    assert all(a.data == expected for a in answers)
