"""The server as a real process: `cards serve`, one run under gunicorn, and a bounded load test."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cards.cli import main
from tests.support.processes import start_serve

BIN = Path(sys.executable).parent
TIMEOUT = 120  # seconds any one of these tests may take on a loaded machine


def _get(url: str, data: dict | None = None, timeout: float = TIMEOUT):
    body = None if data is None else json.dumps(data).encode("utf-8")
    request = urllib.request.Request(url, body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return response.status, response.headers.get_content_type(), response.read()


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture
def served(tmp_path):
    """`cards serve --port 0 --no-browser` in its own process; yields its address."""
    process = start_serve(tmp_path)
    try:
        first = process.stdout.readline()
        yield first, process
    finally:
        _stop(process)


def test_serve_prints_its_address_first_and_answers(served, tmp_path):
    """The first line of stdout is the address, and the address answers the page and the API."""
    first, _ = served
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\n", first)
    url = first.strip()
    status, kind, body = _get(url + "api/spells?q=ohniva")
    assert status == 200 and kind == "application/json"
    assert "Ohnivá koule" in {s["name"] for s in json.loads(body)}
    status, kind, page = _get(url)
    assert status == 200 and kind == "text/html"
    assert list(tmp_path.iterdir()) == []  # nothing written where it runs


def test_serve_warns_for_another_host():
    """--host other than loopback warns on stderr (checked without starting a server)."""
    from unittest import mock

    with mock.patch("cards.web.app.serve") as serve:
        result = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--no-browser"])
    assert result.exit_code == 0
    assert "varování: stránka naslouchá na 0.0.0.0" in result.output
    assert serve.call_args.kwargs["open_browser"] is False
    with mock.patch("cards.web.app.serve") as serve:
        result = CliRunner().invoke(main, ["serve"])
    assert "warning" not in result.output
    assert serve.call_args.args == ("127.0.0.1", 8517)


@pytest.mark.slow  # gunicorn with two worker processes: about 28 s of CPU
def test_gunicorn_two_workers(tmp_path):
    """create_app() under gunicorn with 2 workers answers the list and prints the CLI's PDF."""
    gunicorn = shutil.which("gunicorn", path=str(BIN))
    assert gunicorn, "gunicorn is in the test extras: pip install -e '.[test]'"
    process = subprocess.Popen(
        [gunicorn, "-w", "2", "-b", "127.0.0.1:0", "cards.web.app:create_app()"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        url = None
        deadline = time.monotonic() + 60
        while url is None and time.monotonic() < deadline:
            line = process.stderr.readline()
            found = re.search(r"Listening at: (http://127\.0\.0\.1:\d+)", line)
            url = found and found.group(1) + "/"
        assert url, "gunicorn did not start"
        status, _, body = _get(url + "api/spells?class=druid&level=1")
        assert status == 200 and len(json.loads(body)) == 22
        spells = ["Ohnivá koule", "Světlo (Jeskyně a draci)", "Štít"]
        status, kind, pdf = _get(url + "api/pdf", {"spells": spells, "backs": True})
        assert status == 200 and kind == "application/pdf"
    finally:
        _stop(process)
    deck = tmp_path / "d.txt"
    deck.write_text("\n".join(spells), encoding="utf-8")
    out = tmp_path / "d.pdf"
    assert CliRunner().invoke(main, ["deck", str(deck), "--backs", "-o", str(out)]).exit_code == 0
    assert pdf == out.read_bytes()


@pytest.mark.slow  # two whole-compendium builds under load: about 26 s of CPU
def test_load_previews_while_two_compendia_build(served, tmp_path):
    """20 clients asking previews while 2 whole-compendium PDFs build: all answered correctly.

    The previews' times during the builds are printed (bench/bench_web.py reports them); the
    test asserts only correctness, with a bound on the whole run.
    """
    from cards.select import find_spell
    from cards.service import preview_png
    from cards.source.library import load_spells

    url, _ = served
    url = url.strip()
    labels = [s["label"] for s in json.loads(_get(url + "api/spells?sort=level")[2])]
    deck = tmp_path / "all.txt"
    deck.write_text("\n".join(labels), encoding="utf-8")
    out = tmp_path / "all.pdf"
    assert CliRunner().invoke(main, ["deck", str(deck), "-o", str(out)]).exit_code == 0
    expected_pdf = out.read_bytes()
    names = labels[::25][:20]
    every = load_spells()
    expected = {n: preview_png(find_spell(every, n), dpi=60) for n in names}
    building = []

    def build():
        return _get(url + "api/pdf", {"spells": labels})

    def previews(name):
        times = []
        for _ in range(3):
            start = time.monotonic()
            status, kind, png = _get(f"{url}api/preview/{urllib.request.quote(name)}.png?dpi=60")
            times.append((start, time.monotonic() - start))
            assert status == 200 and kind == "image/png"
            assert png == expected[name]
            Image.open(io.BytesIO(png)).verify()
        return times

    started = time.monotonic()
    with ThreadPoolExecutor(22) as pool:
        builds = [pool.submit(build) for _ in range(2)]
        time.sleep(0.5)  # the builds are under way
        asked = [pool.submit(previews, name) for name in names]
        times = [t for job in asked for t in job.result(timeout=TIMEOUT)]
        for job in builds:
            status, kind, pdf = job.result(timeout=TIMEOUT)
            assert status == 200 and kind == "application/pdf"
            assert pdf == expected_pdf
            building.append(time.monotonic())
    assert time.monotonic() - started < TIMEOUT
    during = [took for start, took in times if start < min(building)]
    assert len(times) == 60
    during.sort()
    median = during[len(during) // 2] if during else 0
    print(
        f"\npreviews during the builds: {len(during)}, median {median:.3f} s, "
        f"slowest {max(during or [0]):.3f} s"
    )
