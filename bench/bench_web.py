"""Figures of the web app (issue 17): list p95, preview, deck and compendium PDFs, page, assets;
the first visit on a fresh install (issue 36): the page and its first results, empty cache.

    .venv/bin/python bench/bench_web.py            # everything
    .venv/bin/python bench/bench_web.py --first    # the first visit only

Server side, warm, through Flask's test client (no socket), the app as `cards serve` makes it;
the compendium PDF against the whole `cards deck` process on the same list; a single preview
while a compendium builds in the pool. Timings on a shared machine: compare side by side.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "cards" / "web" / "static"


def timed(function, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return times


def p95(times: list[float]) -> float:
    return sorted(times)[max(0, int(len(times) * 0.95) - 1)]


FIRST_FORM = {"q": "", "level_from": "0", "level_to": "9"}  # what the page sends on load


def first_visit() -> None:
    """Start `cards serve` with an empty fit cache; time the page and its first results."""
    import os
    import urllib.parse
    import urllib.request

    with tempfile.TemporaryDirectory() as cache:
        environment = dict(os.environ, CARDS_CACHE_DIR=cache, PYTHONUNBUFFERED="1")
        start = time.perf_counter()
        server = subprocess.Popen(
            [str(Path(sys.executable).parent / "cards"), "serve", "--port", "0", "--no-browser"],
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
        )
        try:
            url = server.stdout.readline().strip()
            up = time.perf_counter() - start

            def fetch(path: str, form: dict | None = None) -> float:
                began = time.perf_counter()
                body = urllib.parse.urlencode(form).encode() if form is not None else None
                with urllib.request.urlopen(url.rstrip("/") + path, body, timeout=120) as answer:
                    answer.read()
                return time.perf_counter() - began

            page = fetch("/")
            results = fetch("/hledat", FIRST_FORM)
            deck = fetch("/balicek", {"deck_sort": "level"})
            print(
                f"first visit, empty cache: server up {up:.2f} s; page {page * 1000:.0f} ms; "
                f"first results {results * 1000:.0f} ms after it (all 492 spells), empty deck "
                f"{deck * 1000:.0f} ms: results {(page + results):.2f} s after the page was asked"
            )
        finally:
            server.terminate()
            server.wait(timeout=30)


def main() -> None:
    if "--first" in sys.argv:
        first_visit()
        return
    first_visit()
    from cards.web.app import create_app

    app = create_app({"WARM": False})
    client = app.test_client()

    def ok(response):
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        return response

    ok(client.get("/api/spells"))  # counts every spell's cards once (the warm state)
    queries = [
        "class=druid&level=1",
        "q=ohniva",
        "school=iluze&ritual=ano",
        "source=xge&level=0-3",
        "class=wizard&level=3-5&concentration=ne",
        "",
    ]
    times = [t for q in queries for t in timed(lambda q=q: ok(client.get(f"/api/spells?{q}")), 10)]
    print(
        f"filtered list /api/spells: p95 {p95(times) * 1000:.1f} ms, median "
        f"{statistics.median(times) * 1000:.1f} ms ({len(times)} requests, 6 filters)"
    )
    for dpi in (110, 300):
        url = f"/api/preview/Ohnivá koule.png?dpi={dpi}"
        ok(client.get(url))
        times = timed(lambda url=url: ok(client.get(url)), 10)
        print(f"preview Ohnivá koule at {dpi} dpi: median {statistics.median(times) * 1000:.0f} ms")
    labels = [s["label"] for s in client.get("/api/spells?sort=level").json]
    ten = labels[100:110]
    ok(client.post("/api/pdf", json={"spells": ten}))
    times = timed(lambda: ok(client.post("/api/pdf", json={"spells": ten})), 5)
    print(f"10-spell deck PDF: median {statistics.median(times):.3f} s")
    ok(client.post("/api/pdf", json={"spells": labels}))
    web = timed(lambda: ok(client.post("/api/pdf", json={"spells": labels})), 3)
    with tempfile.TemporaryDirectory() as folder:
        deck = Path(folder) / "all.txt"
        deck.write_text("\n".join(labels), encoding="utf-8")
        command = [
            str(Path(sys.executable).parent / "cards"),
            "deck",
            str(deck),
            "-q",
            "-o",
            str(Path(folder) / "all.pdf"),
        ]
        subprocess.run(command, check=True)
        cli = timed(lambda: subprocess.run(command, check=True), 3)
    web_s, cli_s = statistics.median(web), statistics.median(cli)
    print(
        f"compendium PDF: web {web_s:.2f} s, `cards deck` process {cli_s:.2f} s, "
        f"ratio {web_s / cli_s:.2f}"
    )
    done = threading.Event()

    def build():
        client.post("/api/pdf", json={"spells": labels})
        done.set()

    threading.Thread(target=build).start()
    time.sleep(0.5)
    during = []
    while not done.is_set() and len(during) < 10:
        during += timed(lambda: ok(client.get("/api/preview/Štít.png?dpi=110")), 1)
    done.wait()
    print(
        f"preview while the compendium builds: median {statistics.median(during) * 1000:.0f} ms, "
        f"slowest {max(during) * 1000:.0f} ms ({len(during)} previews)"
    )
    if "pages" in app.blueprints:
        first = timed(lambda: ok(client.get("/")), 5)
        print(f"page / : median {statistics.median(first) * 1000:.0f} ms (server side)")
    assets = sorted(p for p in STATIC.glob("*") if p.is_file() and "LICENSE" not in p.name)
    own = [p for p in assets if p.name != "htmx.min.js"]
    print("page assets: " + ", ".join(f"{p.name} {p.stat().st_size / 1000:.1f} kB" for p in assets))
    own_kb = sum(p.stat().st_size for p in own) / 1000
    all_kb = sum(p.stat().st_size for p in assets) / 1000
    print(
        f"the page's own assets: {own_kb:.1f} kB without the vendored htmx, {all_kb:.1f} kB with it"
    )
    app.extensions["cards"].pool.shutdown()


if __name__ == "__main__":
    main()
